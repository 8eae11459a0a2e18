package io.spanweave.sample;

import java.util.SplittableRandom;

/**
 * What happens to a sample in this simulation, decided up front from the run's seed and the
 * sample's id, so that the same seed gives the same run whichever thread or process handles the
 * sample: how long generation and judging take, how many tokens come out, which samples crash a
 * worker, straggle past the timeout, or break the judge, and how hard each prompt is.
 */
public final class SimulatedBehaviour {

  /** Generation slower than this is abandoned by the controller (a timeout). */
  static final long GENERATION_TIMEOUT_MILLIS = 1500;

  private final long seed;
  private final double timeScale;
  private final Slowdown slowdown;

  /**
   * One stage made slower on purpose ({@code --slow-stage judge=3}): what a change that slows a
   * stage down does to a run, for comparing it with one that is not.
   *
   * @param stage {@code generate} or {@code judge}, or "" for none
   * @param factor what that stage's latencies are multiplied by (the generation timeout is not)
   */
  public record Slowdown(String stage, double factor) {
    public static final java.util.List<String> STAGES = java.util.List.of("generate", "judge");
    public static final Slowdown NONE = new Slowdown("", 1);

    double of(String purpose) {
      return stage.equals(purpose) ? factor : 1;
    }

    /** As {@code --slow-stage} takes it, or "" for none. */
    String argument() {
      return stage.isEmpty() ? "" : stage + "=" + factor;
    }
  }

  /**
   * @param timeScale multiplies every latency and the timeout; 1 for the demo, smaller in tests
   */
  public SimulatedBehaviour(long seed, double timeScale) {
    this(seed, timeScale, Slowdown.NONE);
  }

  public SimulatedBehaviour(long seed, double timeScale, Slowdown slowdown) {
    this.seed = seed;
    this.timeScale = timeScale;
    this.slowdown = slowdown;
  }

  public Slowdown slowdown() {
    return slowdown;
  }

  public long seed() {
    return seed;
  }

  public double timeScale() {
    return timeScale;
  }

  /** The fate of one sample's generation. */
  public record Generation(long millis, int tokens, String finishReason, boolean crashes) {}

  /** The fate of one sample's judgement. */
  public record Judging(long millis, boolean passes, boolean breaksJudge) {}

  public Generation generation(String rolloutId) {
    SplittableRandom random = randomFor("generate", rolloutId);
    double roll = random.nextDouble();
    long millis;
    if (roll < 0.04) {
      millis = 1700 + random.nextLong(900); // a straggler: past the timeout
    } else {
      millis = 80 + (long) (Math.exp(random.nextGaussian() * 0.6) * 220);
    }
    int tokens = 40 + random.nextInt(900);
    String finishReason = tokens > 900 ? "length" : "stop";
    boolean crashes = random.nextDouble() < 0.03;
    return new Generation(scaled(millis * slowdown.of("generate")), tokens, finishReason, crashes);
  }

  public Judging judging(String groupId, String rolloutId) {
    SplittableRandom random = randomFor("judge", rolloutId);
    long millis = 15 + random.nextLong(70);
    boolean passes = random.nextDouble() < passRate(groupId);
    return new Judging(scaled(millis * slowdown.of("judge")), passes, random.nextDouble() < 0.01);
  }

  /** Prompts are easy, hard or in between: the easy and hard ones make groups of equal rewards. */
  double passRate(String groupId) {
    double difficulty = randomFor("prompt", groupId).nextDouble();
    if (difficulty < 0.2) {
      return 0.97;
    }
    if (difficulty < 0.4) {
      return 0.03;
    }
    return 0.2 + (difficulty - 0.4) * 1.1;
  }

  public long generationTimeoutMillis() {
    return scaled(GENERATION_TIMEOUT_MILLIS);
  }

  public int promptTokens(String groupId) {
    return 20 + randomFor("prompt-length", groupId).nextInt(400);
  }

  private long scaled(double millis) {
    return Math.max(1, Math.round(millis * timeScale));
  }

  private SplittableRandom randomFor(String purpose, String id) {
    return new SplittableRandom(seed * 1_000_003L + (purpose + '/' + id).hashCode());
  }

  /** Sleeps as a model or a judge would take time; interruptible, as a cancelled call is. */
  static void work(long millis) throws InterruptedException {
    Thread.sleep(millis);
  }
}
