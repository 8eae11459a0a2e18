package io.spanweave.bench.compile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a rollout-pipeline-like project for the compile benchmark: per unit eight sources in one
 * of several packages, namely four records (prompt, usage, generation, judgement), a
 * {@code @Traced} interface with four traced methods (attributes, metrics on the result and on a
 * nested record, an async stage, an outbound boundary, a list attribute), a non-final class with a
 * traced method (the processor writes a subclass), and two plain classes of ordinary business code
 * (a pipeline with loops, streams, maps and exceptions, and settings with a builder). Nothing
 * refers to a generated class, so the same sources also compile without the processor.
 *
 * <p>The {@link Flavor#AUTO_VALUE} flavour is the same project for AutoValue, the peer processor:
 * the same 512 sources, the worker and judger without spanweave's annotations, and the usage and
 * generation of each unit as {@code @AutoValue} classes instead of records, so that AutoValue
 * writes as many types (two per unit) as spanweave does. Nothing refers to a generated {@code
 * AutoValue_} class either.
 */
final class SyntheticProject {

  static final int FILES_PER_UNIT = 8;

  /** Which processor the project is written for. */
  enum Flavor {
    SPANWEAVE,
    AUTO_VALUE
  }

  private SyntheticProject() {}

  /** Writes {@code units} units under {@code root}; returns the source files. */
  static List<Path> write(Path root, int units) throws IOException {
    return write(root, units, Flavor.SPANWEAVE);
  }

  /** Writes {@code units} units of {@code flavor} under {@code root}; returns the source files. */
  static List<Path> write(Path root, int units, Flavor flavor) throws IOException {
    boolean autoValue = flavor == Flavor.AUTO_VALUE;
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < units; i++) {
      String pkg = "com.acme.rollout.part" + (i % 8);
      Path dir = root.resolve(pkg.replace('.', '/'));
      Files.createDirectories(dir);
      files.add(write(dir, "Prompt" + i, prompt(pkg, i)));
      files.add(write(dir, "Usage" + i, autoValue ? autoValueUsage(pkg, i) : usage(pkg, i)));
      files.add(
          write(
              dir, "Generation" + i, autoValue ? autoValueGeneration(pkg, i) : generation(pkg, i)));
      files.add(write(dir, "Judgement" + i, judgement(pkg, i)));
      files.add(
          write(dir, "Worker" + i, autoValue ? withoutSpanweave(worker(pkg, i)) : worker(pkg, i)));
      files.add(
          write(dir, "Judger" + i, autoValue ? withoutSpanweave(judger(pkg, i)) : judger(pkg, i)));
      files.add(write(dir, "Pipeline" + i, pipeline(pkg, i)));
      files.add(write(dir, "Settings" + i, settings(pkg, i)));
    }
    return files;
  }

  private static Path write(Path dir, String type, String source) throws IOException {
    Path file = dir.resolve(type + ".java");
    Files.writeString(file, source);
    return file;
  }

  private static String prompt(String pkg, int i) {
    return """
        package %1$s;

        import java.util.List;

        /** The prompt of unit %2$d. */
        public record Prompt%2$d(String text, int maxTokens, double temperature, List<String> stop) {
          public Prompt%2$d {
            if (maxTokens <= 0) {
              throw new IllegalArgumentException("maxTokens must be positive: " + maxTokens);
            }
            stop = List.copyOf(stop);
          }

          public Prompt%2$d withTemperature(double t) {
            return new Prompt%2$d(text, maxTokens, t, stop);
          }
        }
        """
        .formatted(pkg, i);
  }

  private static String usage(String pkg, int i) {
    return """
        package %1$s;

        /** Token usage of unit %2$d. */
        public record Usage%2$d(int inputTokens, int outputTokens) {
          public int totalTokens() {
            return inputTokens + outputTokens;
          }
        }
        """
        .formatted(pkg, i);
  }

  private static String generation(String pkg, int i) {
    return """
        package %1$s;

        /** A generation of unit %2$d. */
        public record Generation%2$d(String text, int numTokens, double logprob, Usage%2$d usage, boolean truncated) {
          public boolean isEmpty() {
            return text == null || text.isBlank();
          }
        }
        """
        .formatted(pkg, i);
  }

  /** {@code source} without spanweave's imports and annotations: the same code, not traced. */
  static String withoutSpanweave(String source) {
    return source
        .replaceAll("(?m)^import io\\.spanweave\\..*\\n", "")
        .replaceAll("@Traced\\([^)]*\\)\\s*", "")
        .replaceAll("@TraceBoundary\\([^)]*\\)\\s*", "")
        .replaceAll("@TraceAttribute(\\(\"[^\"]*\"\\))?\\s*", "");
  }

  private static String autoValueUsage(String pkg, int i) {
    return """
        package %1$s;

        import com.google.auto.value.AutoValue;

        /** Token usage of unit %2$d. */
        @AutoValue
        public abstract class Usage%2$d {
          public abstract int inputTokens();

          public abstract int outputTokens();

          public int totalTokens() {
            return inputTokens() + outputTokens();
          }
        }
        """
        .formatted(pkg, i);
  }

  private static String autoValueGeneration(String pkg, int i) {
    return """
        package %1$s;

        import com.google.auto.value.AutoValue;

        /** A generation of unit %2$d. */
        @AutoValue
        public abstract class Generation%2$d {
          public abstract String text();

          public abstract int numTokens();

          public abstract double logprob();

          public abstract Usage%2$d usage();

          public abstract boolean truncated();

          public boolean isEmpty() {
            return text() == null || text().isBlank();
          }
        }
        """
        .formatted(pkg, i);
  }

  private static String judgement(String pkg, int i) {
    return """
        package %1$s;

        /** The judgement of unit %2$d. */
        public record Judgement%2$d(double score, boolean passed, String reason) {
          public static Judgement%2$d fail(String reason) {
            return new Judgement%2$d(0.0, false, reason);
          }
        }
        """
        .formatted(pkg, i);
  }

  private static String worker(String pkg, int i) {
    return """
        package %1$s;

        import io.spanweave.annotations.Direction;
        import io.spanweave.annotations.Kind;
        import io.spanweave.annotations.TraceAttribute;
        import io.spanweave.annotations.TraceBoundary;
        import io.spanweave.annotations.Traced;
        import java.util.List;
        import java.util.Map;
        import java.util.concurrent.CompletableFuture;

        /** The rollout worker of unit %2$d. */
        public interface Worker%2$d {

          @Traced(stage = "generate", kind = Kind.MODEL, attributes = "model.family=qwen",
              metrics = {"numTokens", "gen_ai.usage.input_tokens=usage.inputTokens", "truncated"})
          Generation%2$d generate(@TraceAttribute("sample.id") String sampleId, @TraceAttribute int attempt, Prompt%2$d prompt);

          @Traced(stage = "judge", kind = Kind.REWARD, metrics = {"score", "passed"})
          CompletableFuture<Judgement%2$d> judge(@TraceAttribute("sample.id") String sampleId, Generation%2$d generation);

          @Traced(stage = "remote", kind = Kind.TOOL, metrics = "numTokens")
          @TraceBoundary(Direction.OUTBOUND)
          Generation%2$d remote(Map<String, String> carrier, @TraceAttribute("sample.id") String sampleId, Prompt%2$d prompt);

          @Traced(stage = "batch", kind = Kind.MODEL)
          List<Generation%2$d> batch(@TraceAttribute("sample.ids") List<String> sampleIds, Prompt%2$d prompt) throws InterruptedException;

          default String describe() {
            return "worker %2$d";
          }
        }
        """
        .formatted(pkg, i);
  }

  private static String judger(String pkg, int i) {
    return """
        package %1$s;

        import io.spanweave.annotations.Kind;
        import io.spanweave.annotations.TraceAttribute;
        import io.spanweave.annotations.Traced;
        import java.util.Locale;

        /** Scores generations of unit %2$d; not final, so the processor writes a traced subclass. */
        public class Judger%2$d {

          private final double threshold;
          private final String rubric;

          public Judger%2$d(double threshold, String rubric) {
            this.threshold = threshold;
            this.rubric = rubric;
          }

          @Traced(stage = "reward", kind = Kind.REWARD, metrics = {"score", "passed"})
          public Judgement%2$d score(@TraceAttribute("sample.id") String sampleId, Generation%2$d generation) {
            if (generation.isEmpty()) {
              return Judgement%2$d.fail("empty");
            }
            double s = Math.min(1.0, generation.numTokens() / 512.0) * (generation.truncated() ? 0.5 : 1.0);
            String reason = String.format(Locale.ROOT, "%%s: %%.2f against %%.2f", rubric, s, threshold);
            return new Judgement%2$d(s, s >= threshold, reason);
          }

          public double threshold() {
            return threshold;
          }
        }
        """
        .formatted(pkg, i);
  }

  private static String pipeline(String pkg, int i) {
    return """
        package %1$s;

        import java.util.ArrayList;
        import java.util.HashMap;
        import java.util.List;
        import java.util.Map;
        import java.util.Optional;
        import java.util.concurrent.CompletableFuture;
        import java.util.concurrent.ExecutionException;
        import java.util.stream.Collectors;

        /** Drives unit %2$d: ordinary business code, no tracing. */
        public final class Pipeline%2$d {

          private final Worker%2$d worker;
          private final Judger%2$d judger;
          private final Settings%2$d settings;
          private final Map<String, List<Double>> scores = new HashMap<>();

          public Pipeline%2$d(Worker%2$d worker, Judger%2$d judger, Settings%2$d settings) {
            this.worker = worker;
            this.judger = judger;
            this.settings = settings;
          }

          public Map<String, Double> run(List<String> sampleIds, String text) throws ExecutionException, InterruptedException {
            Prompt%2$d prompt = new Prompt%2$d(text, settings.maxTokens(), settings.temperature(), List.of("</s>"));
            List<CompletableFuture<Judgement%2$d>> pending = new ArrayList<>();
            for (String id : sampleIds) {
              Generation%2$d best = null;
              for (int attempt = 0; attempt < settings.attempts(); attempt++) {
                Generation%2$d g = worker.generate(id, attempt, prompt);
                if (best == null || g.logprob() > best.logprob()) {
                  best = g;
                }
                if (!g.truncated()) {
                  break;
                }
              }
              Judgement%2$d local = judger.score(id, best);
              scores.computeIfAbsent(id, k -> new ArrayList<>()).add(local.score());
              pending.add(worker.judge(id, best));
            }
            for (CompletableFuture<Judgement%2$d> f : pending) {
              Judgement%2$d j = f.get();
              if (!j.passed()) {
                scores.computeIfAbsent("failed", k -> new ArrayList<>()).add(j.score());
              }
            }
            return scores.entrySet().stream()
                .filter(e -> !e.getValue().isEmpty())
                .collect(Collectors.toMap(Map.Entry::getKey,
                    e -> e.getValue().stream().mapToDouble(Double::doubleValue).average().orElse(0)));
          }

          public Optional<String> bestSample() {
            return scores.entrySet().stream()
                .max((a, b) -> Double.compare(max(a.getValue()), max(b.getValue())))
                .map(Map.Entry::getKey);
          }

          private static double max(List<Double> values) {
            double m = Double.NEGATIVE_INFINITY;
            for (double v : values) {
              m = Math.max(m, v);
            }
            return m;
          }
        }
        """
        .formatted(pkg, i);
  }

  private static String settings(String pkg, int i) {
    return """
        package %1$s;

        import java.time.Duration;
        import java.util.Objects;

        /** Settings of unit %2$d, with a builder. */
        public final class Settings%2$d {

          private final int maxTokens;
          private final double temperature;
          private final int attempts;
          private final Duration timeout;

          private Settings%2$d(Builder b) {
            this.maxTokens = b.maxTokens;
            this.temperature = b.temperature;
            this.attempts = b.attempts;
            this.timeout = Objects.requireNonNull(b.timeout, "timeout");
          }

          public static Builder builder() {
            return new Builder();
          }

          public int maxTokens() { return maxTokens; }
          public double temperature() { return temperature; }
          public int attempts() { return attempts; }
          public Duration timeout() { return timeout; }

          @Override
          public String toString() {
            return "Settings%2$d{maxTokens=" + maxTokens + ", temperature=" + temperature + ", attempts=" + attempts
                + ", timeout=" + timeout + "}";
          }

          /** Builds {@link Settings%2$d}. */
          public static final class Builder {
            private int maxTokens = 512;
            private double temperature = 0.7;
            private int attempts = 3;
            private Duration timeout = Duration.ofSeconds(30);

            public Builder maxTokens(int v) { this.maxTokens = v; return this; }
            public Builder temperature(double v) { this.temperature = v; return this; }
            public Builder attempts(int v) { this.attempts = v; return this; }
            public Builder timeout(Duration v) { this.timeout = v; return this; }

            public Settings%2$d build() {
              if (attempts < 1) {
                throw new IllegalStateException("attempts must be at least 1");
              }
              return new Settings%2$d(this);
            }
          }
        }
        """
        .formatted(pkg, i);
  }
}
