package io.spanweave.sample;

import java.nio.file.Path;

/** The sample's command-line flags, checked, with the defaults of the demo run. */
public record SampleOptions(
    int steps,
    int samples,
    int groupSize,
    int workers,
    int childWorkers,
    long seed,
    boolean viewer,
    String viewerHost,
    int viewerPort,
    Path outputDir,
    boolean keepViewer,
    double timeScale,
    SimulatedBehaviour.Slowdown slowdown,
    String llmUrl,
    String llmModel,
    boolean help) {

  /** The default of {@code --llm-model}. */
  static final String DEFAULT_LLM_MODEL = "gpt-4o-mini";

  static final String USAGE =
      """
      Usage: java -jar sample-project/target/spanweave-sample.jar [options]

      Runs a simulated RL rollout (agent loop, rollout controller, generation workers on a thread pool
      and in a worker process, judge, GRPO reward filter), traced with spanweave, with the viewer.

        --steps N            rollout steps (default 6)
        --samples N          samples per step, a multiple of --group-size (default 64)
        --group-size N       samples per prompt (default 8)
        --workers N          generation worker threads in this process (default 6)
        --child-workers N    generation threads in the worker process; 0: no worker process (default 2)
        --seed N             seed of the simulated latencies, failures and rewards (default 42)
        --output-dir DIR     where runs are written, one folder per run (default work_dirs/trace)
        --no-viewer          do not start the viewer
        --viewer-host HOST   address the viewer binds (default 127.0.0.1)
        --viewer-port N      viewer port, 0 for any free port (default 18080)
        --keep-viewer        keep the viewer serving after the run until Ctrl-C
                             (the default when run from a terminal)
        --exit-when-done     exit when the run is done (the default without a terminal)
        --time-scale X       multiply every simulated latency and the timeout by X (default 1)
        --slow-stage S=X     make stage S (generate or judge) X times slower, the timeout
                             unchanged: a run to compare with one that is not (default none)
        --llm-url URL        generate with a real OpenAI-compatible endpoint (vLLM, Ollama, a hosted
                             API) through LangChain4j, such as http://127.0.0.1:8000/v1; the API key
                             comes from the OPENAI_API_KEY environment variable (default: the
                             simulated model)
        --llm-model NAME     the model asked for at --llm-url (default gpt-4o-mini)
        --help               print this help
      """;

  /** The demo run: about half a minute on two cores. */
  static SampleOptions defaults() {
    return new SampleOptions(
        6,
        64,
        8,
        6,
        2,
        42,
        true,
        "127.0.0.1",
        18080,
        Path.of("work_dirs", "trace"),
        System.console() != null,
        1.0,
        SimulatedBehaviour.Slowdown.NONE,
        null,
        DEFAULT_LLM_MODEL,
        false);
  }

  /**
   * @throws IllegalArgumentException with a message that names the flag
   */
  public static SampleOptions parse(String... args) {
    SampleOptions o = defaults();
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      String value = null;
      int equals = flag.indexOf('=');
      if (flag.startsWith("--") && equals > 0) {
        value = flag.substring(equals + 1);
        flag = flag.substring(0, equals);
      }
      switch (flag) {
        case "--help", "-h" -> o = o.with(b -> b.help = true);
        case "--no-viewer" -> o = o.with(b -> b.viewer = false);
        case "--keep-viewer" -> o = o.with(b -> b.keepViewer = true);
        case "--exit-when-done" -> o = o.with(b -> b.keepViewer = false);
        default -> {
          if (value == null) {
            if (i + 1 >= args.length) {
              throw new IllegalArgumentException(flag + " needs a value");
            }
            value = args[++i];
          }
          o = o.set(flag, value);
        }
      }
    }
    o.check();
    return o;
  }

  private SampleOptions set(String flag, String value) {
    return switch (flag) {
      case "--steps" -> with(b -> b.steps = positive(flag, value));
      case "--samples" -> with(b -> b.samples = positive(flag, value));
      case "--group-size" -> with(b -> b.groupSize = positive(flag, value));
      case "--workers" -> with(b -> b.workers = positive(flag, value));
      case "--child-workers" -> with(b -> b.childWorkers = atLeastZero(flag, value));
      case "--seed" -> with(b -> b.seed = number(flag, value));
      case "--output-dir" -> with(b -> b.outputDir = Path.of(value));
      case "--viewer-host" -> with(b -> b.viewerHost = value);
      case "--viewer-port" -> with(b -> b.viewerPort = port(flag, value));
      case "--time-scale" -> with(b -> b.timeScale = scale(flag, value));
      case "--slow-stage" -> with(b -> b.slowdown = slowdown(flag, value));
      case "--llm-url" -> with(b -> b.llmUrl = httpUrl(flag, value));
      case "--llm-model" -> with(b -> b.llmModel = nonBlank(flag, value));
      default -> throw new IllegalArgumentException("unknown option " + flag + "; see --help");
    };
  }

  private void check() {
    if (samples % groupSize != 0) {
      throw new IllegalArgumentException(
          "--samples " + samples + " is not a multiple of --group-size " + groupSize);
    }
  }

  private static int positive(String flag, String value) {
    long n = number(flag, value);
    if (n < 1 || n > 1_000_000) {
      throw new IllegalArgumentException(flag + " must be from 1 to 1000000, not " + value);
    }
    return (int) n;
  }

  private static int atLeastZero(String flag, String value) {
    long n = number(flag, value);
    if (n < 0 || n > 1024) {
      throw new IllegalArgumentException(flag + " must be from 0 to 1024, not " + value);
    }
    return (int) n;
  }

  private static int port(String flag, String value) {
    long n = number(flag, value);
    if (n < 0 || n > 65535) {
      throw new IllegalArgumentException(flag + " must be a port from 0 to 65535, not " + value);
    }
    return (int) n;
  }

  private static long number(String flag, String value) {
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(flag + " needs a whole number, not '" + value + "'");
    }
  }

  private static double scale(String flag, String value) {
    try {
      double x = Double.parseDouble(value.trim());
      if (x > 0 && x <= 100) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        flag + " needs a number above 0 and at most 100, not '" + value + "'");
  }

  private static String httpUrl(String flag, String value) {
    try {
      java.net.URI uri = new java.net.URI(value.trim());
      if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
          && uri.getHost() != null) {
        return uri.toString();
      }
    } catch (java.net.URISyntaxException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        flag + " needs an http or https URL such as http://127.0.0.1:8000/v1, not '" + value + "'");
  }

  private static String nonBlank(String flag, String value) {
    if (value.isBlank()) {
      throw new IllegalArgumentException(flag + " needs a model name");
    }
    return value.trim();
  }

  private static SimulatedBehaviour.Slowdown slowdown(String flag, String value) {
    int equals = value.indexOf('=');
    String stage = equals < 0 ? value.trim() : value.substring(0, equals).trim();
    if (!SimulatedBehaviour.Slowdown.STAGES.contains(stage) || equals < 0) {
      throw new IllegalArgumentException(
          flag
              + " needs STAGE=FACTOR with STAGE one of "
              + SimulatedBehaviour.Slowdown.STAGES
              + ", such as judge=3, not '"
              + value
              + "'");
    }
    return new SimulatedBehaviour.Slowdown(stage, scale(flag, value.substring(equals + 1)));
  }

  private SampleOptions with(java.util.function.Consumer<Builder> change) {
    Builder b = new Builder(this);
    change.accept(b);
    return b.build();
  }

  /** Mutable twin used by {@link #parse}; records have no withers. */
  private static final class Builder {
    int steps;
    int samples;
    int groupSize;
    int workers;
    int childWorkers;
    long seed;
    boolean viewer;
    String viewerHost;
    int viewerPort;
    Path outputDir;
    boolean keepViewer;
    double timeScale;
    SimulatedBehaviour.Slowdown slowdown;
    String llmUrl;
    String llmModel;
    boolean help;

    Builder(SampleOptions o) {
      steps = o.steps;
      samples = o.samples;
      groupSize = o.groupSize;
      workers = o.workers;
      childWorkers = o.childWorkers;
      seed = o.seed;
      viewer = o.viewer;
      viewerHost = o.viewerHost;
      viewerPort = o.viewerPort;
      outputDir = o.outputDir;
      keepViewer = o.keepViewer;
      timeScale = o.timeScale;
      slowdown = o.slowdown;
      llmUrl = o.llmUrl;
      llmModel = o.llmModel;
      help = o.help;
    }

    SampleOptions build() {
      return new SampleOptions(
          steps,
          samples,
          groupSize,
          workers,
          childWorkers,
          seed,
          viewer,
          viewerHost,
          viewerPort,
          outputDir,
          keepViewer,
          timeScale,
          slowdown,
          llmUrl,
          llmModel,
          help);
    }
  }
}
