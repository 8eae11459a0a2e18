package io.spanweave.bench.compile;

import io.spanweave.bench.BenchPaths;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Compile overhead of the processor and its lint rules: javac wall time for a generated project
 * ({@link SyntheticProject}, 8 sources per unit, 64 units = 512 sources by default), each run a
 * separate {@code javac} process (a fresh JVM), the modes interleaved, the median reported:
 *
 * <ul>
 *   <li>{@code off}: {@code -proc:none}, the project as written;
 *   <li>{@code on}: the spanweave processor on the processor path (it runs the lint rules in the
 *       same pass and writes the {@code Traced*} delegates, which javac then compiles too);
 *   <li>{@code off+generated}: {@code -proc:none} over the project plus the delegates that {@code
 *       on} wrote: what compiling the generated code costs by itself, so that {@code on -
 *       (off+generated)} is the processor's and the rules' own time;
 *   <li>{@code on, lint off}: the processor with every lint rule off, for the rules' share;
 *   <li>{@code autovalue off} and {@code autovalue on}: the peer, the same project written for
 *       AutoValue ({@link SyntheticProject.Flavor#AUTO_VALUE}: as many sources, AutoValue writes as
 *       many types), compiled with {@code -proc:none} and with AutoValue 1.11.1 on the processor
 *       path; spanweave's overhead ({@code on - off}) is reported as a multiple of AutoValue's
 *       ({@code autovalue on - autovalue off}), from the same interleaved runs;
 *   <li>{@code floor, empty} and {@code floor, copy}: {@link FloorProcessor}, which writes 128
 *       empty classes of the delegates' names, or spanweave's delegates as they are, and does
 *       nothing else: what javac charges any processor that writes those files (its extra rounds,
 *       the {@code Filer}'s checks, compiling the files), the part of spanweave's overhead that no
 *       processor writing them can avoid;
 *   <li>with {@code --baseline}, {@code on, baseline processor}: {@code on} with another processor
 *       path, to compare two builds of the processor under the same load.
 * </ul>
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.compile.CompileOverhead [--units 64] [--runs 7] [--warm 3]
 *     [--baseline other/processor.jar:other/lint.jar:javapoet.jar]
 * </pre>
 */
public final class CompileOverhead {

  /** Every lint rule off: the processor alone, for the share of the rules. */
  private static final String LINT_OFF =
      "-Aspanweave.lint=attribute-payload:off,attribute-secret:off,attribute-type:off,"
          + "exception-detail:off,base-package-import:off,direct-sdk:off,span-name-cardinality:off";

  /** The optional mode with the processor path given by {@code --baseline}. */
  private static final String BASELINE = "on, baseline processor";

  private static final String AUTO_VALUE_OFF = "autovalue off";
  private static final String AUTO_VALUE_ON = "autovalue on";

  private static String floorMode(String floor) {
    return "floor, " + floor;
  }

  public static void main(String[] args) throws Exception {
    int units = 64;
    int runs = 5;
    int warmRuns = 0;
    String baselineProcessorPath = null;
    Path work = Path.of("bench", "target", "compile-bench", "work");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--units":
          units = Integer.parseInt(args[++i]);
          break;
        case "--runs":
          runs = Integer.parseInt(args[++i]);
          break;
        case "--dir":
          work = Path.of(args[++i]);
          break;
        case "--warm":
          warmRuns = Integer.parseInt(args[++i]);
          break;
        case "--baseline":
          baselineProcessorPath = args[++i];
          break;
        default:
          throw new IllegalArgumentException(
              "unknown argument "
                  + args[i]
                  + "; use --units N --runs N --warm N --dir DIR --baseline PROCESSOR_PATH");
      }
    }
    String processorPath = Files.readString(Path.of(BenchPaths.PROCESSOR_PATH_FILE)).trim();
    String classPath = Files.readString(Path.of(BenchPaths.PROJECT_PATH_FILE)).trim();
    String javac = Path.of(System.getProperty("java.home"), "bin", "javac").toString();

    deleteTree(work);
    Path src = work.resolve("src");
    Path generated = work.resolve("generated");
    Files.createDirectories(generated);
    List<Path> sources = SyntheticProject.write(src, units);
    Path sourceList = work.resolve("sources.txt");
    Files.write(sourceList, sources.stream().map(Path::toString).collect(Collectors.toList()));
    List<Path> autoValueSources =
        SyntheticProject.write(
            work.resolve("src-autovalue"), units, SyntheticProject.Flavor.AUTO_VALUE);
    Path autoValueList = work.resolve("sources-autovalue.txt");
    Files.write(
        autoValueList, autoValueSources.stream().map(Path::toString).collect(Collectors.toList()));
    String autoValueClassPath = classPath + File.pathSeparator + BenchPaths.AUTO_VALUE_ANNOTATIONS;

    // One run with the processor writes the delegates.
    Compile first =
        javac(
            javac,
            work.resolve("out-first"),
            List.of(
                "-processorpath",
                processorPath + File.pathSeparator + classPath,
                "-s",
                generated.toString(),
                "-cp",
                classPath,
                "@" + sourceList));
    if (first.exit != 0) {
      throw new IllegalStateException("javac with the processor failed:\n" + first.output);
    }
    List<Path> delegates;
    try (Stream<Path> walk = Files.walk(generated)) {
      delegates = walk.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
    }
    long generatedLines = 0;
    for (Path d : delegates) {
      generatedLines += Files.readAllLines(d).size();
    }
    long sourceLines = 0;
    for (Path s : sources) {
      sourceLines += Files.readAllLines(s).size();
    }
    Path withGenerated = work.resolve("sources-and-generated.txt");
    List<String> all = new ArrayList<>(Files.readAllLines(sourceList));
    delegates.forEach(d -> all.add(d.toString()));
    Files.write(withGenerated, all);

    Map<String, List<String>> modes = new LinkedHashMap<>();
    modes.put("off", List.of("-proc:none", "-cp", classPath, "@" + sourceList));
    modes.put(
        "on",
        List.of(
            "-processorpath",
            processorPath + File.pathSeparator + classPath,
            "-s",
            work.resolve("generated-run").toString(),
            "-cp",
            classPath,
            "@" + sourceList));
    modes.put(
        "on, lint off",
        List.of(
            "-processorpath",
            processorPath + File.pathSeparator + classPath,
            "-s",
            work.resolve("generated-run").toString(),
            LINT_OFF,
            "-cp",
            classPath,
            "@" + sourceList));
    modes.put("off+generated", List.of("-proc:none", "-cp", classPath, "@" + withGenerated));
    modes.put(
        AUTO_VALUE_OFF, List.of("-proc:none", "-cp", autoValueClassPath, "@" + autoValueList));
    modes.put(
        AUTO_VALUE_ON,
        List.of(
            "-processorpath",
            BenchPaths.AUTO_VALUE_PROCESSOR,
            "-s",
            work.resolve("generated-autovalue").toString(),
            "-cp",
            autoValueClassPath,
            "@" + autoValueList));
    // The floor: any processor that writes these files pays this much (FloorProcessor).
    String floorPath =
        Path.of(FloorProcessor.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString();
    for (String floor : List.of("empty", "copy")) {
      modes.put(
          floorMode(floor),
          List.of(
              "-processorpath",
              floorPath,
              "-processor",
              FloorProcessor.class.getName(),
              "-A" + FloorProcessor.MODE + "=" + floor,
              "-A" + FloorProcessor.DELEGATES + "=" + generated,
              "-s",
              work.resolve("generated-floor-" + floor).toString(),
              "-cp",
              classPath,
              "@" + sourceList));
    }
    if (baselineProcessorPath != null) {
      // Another build of the processor (say, the last commit's jars), interleaved with the others
      // run by run, so that a change is measured against it under the same load.
      modes.put(
          BASELINE,
          List.of(
              "-processorpath",
              baselineProcessorPath + File.pathSeparator + classPath,
              "-s",
              work.resolve("generated-baseline").toString(),
              "-cp",
              classPath,
              "@" + sourceList));
    }
    Map<String, List<Long>> times = new LinkedHashMap<>();
    Map<String, List<Long>> cpuTimes = new LinkedHashMap<>();
    modes.keySet().forEach(m -> times.put(m, new ArrayList<>()));
    modes.keySet().forEach(m -> cpuTimes.put(m, new ArrayList<>()));

    System.out.printf(
        Locale.ROOT,
        "project: %d sources (%,d lines), %d generated delegates (%,d lines); javac %s; %d runs per mode%n",
        sources.size(),
        sourceLines,
        delegates.size(),
        generatedLines,
        Runtime.version(),
        runs);
    // one unmeasured round warms the page cache and the JDK's class data
    for (Map.Entry<String, List<String>> mode : modes.entrySet()) {
      Compile c = javac(javac, work.resolve("out-" + mode.getKey()), mode.getValue());
      if (c.exit != 0) {
        throw new IllegalStateException("javac (" + mode.getKey() + ") failed:\n" + c.output);
      }
    }
    System.out.printf(
        Locale.ROOT,
        "AutoValue project: %d sources (%,d lines), %d generated types (%,d lines)%n",
        autoValueSources.size(),
        lines(autoValueSources),
        javaFiles(work.resolve("generated-autovalue")).size(),
        lines(javaFiles(work.resolve("generated-autovalue"))));
    for (int r = 0; r < runs; r++) {
      for (Map.Entry<String, List<String>> mode : modes.entrySet()) {
        Compile c = javac(javac, work.resolve("out-" + mode.getKey()), mode.getValue());
        if (c.exit != 0) {
          throw new IllegalStateException("javac (" + mode.getKey() + ") failed:\n" + c.output);
        }
        times.get(mode.getKey()).add(c.nanos);
        cpuTimes.get(mode.getKey()).add(c.cpuNanos);
      }
      System.out.printf(
          Locale.ROOT,
          "run %d (wall / CPU ms): %s%n",
          r + 1,
          modes.keySet().stream()
              .map(m -> m + " " + ms(last(times.get(m))) + " / " + ms(last(cpuTimes.get(m))))
              .collect(Collectors.joining(", ")));
    }
    System.out.println();
    report("wall time", times);
    report("CPU time (user + system of the javac process)", cpuTimes);
    if (warmRuns > 0) {
      warm(work, modes, warmRuns);
    }
  }

  /**
   * The same modes with javax.tools in this one JVM, after as many unmeasured rounds: javac's own
   * code is then JIT-compiled, as in a build tool that keeps its compiler JVM (Maven's in-process
   * javac across modules, a Gradle daemon, an IDE). The processor is loaded afresh each time from
   * the processor path, as those tools do.
   */
  private static void warm(Path work, Map<String, List<String>> modes, int runs)
      throws IOException {
    javax.tools.JavaCompiler compiler = javax.tools.ToolProvider.getSystemJavaCompiler();
    Map<String, List<Long>> times = new LinkedHashMap<>();
    modes.keySet().forEach(m -> times.put(m, new ArrayList<>()));
    for (int r = -runs; r < runs; r++) {
      for (Map.Entry<String, List<String>> mode : modes.entrySet()) {
        Path out = work.resolve("warm-" + mode.getKey());
        deleteTree(out);
        Files.createDirectories(out);
        List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-nowarn"));
        args.addAll(mode.getValue());
        int s = args.indexOf("-s");
        if (s >= 0) {
          Path generatedDir = Path.of(args.get(s + 1));
          deleteTree(generatedDir);
          Files.createDirectories(generatedDir);
        }
        java.io.StringWriter output = new java.io.StringWriter();
        long start = System.nanoTime();
        int exit =
            compiler.run(
                null,
                null,
                new java.io.PrintStream(new java.io.ByteArrayOutputStream()),
                args.toArray(new String[0]));
        long nanos = System.nanoTime() - start;
        if (exit != 0) {
          throw new IllegalStateException(
              "in-process javac (" + mode.getKey() + ") failed" + output);
        }
        if (r >= 0) {
          times.get(mode.getKey()).add(nanos);
        }
      }
    }
    report("wall time in one warm JVM (javax.tools, after " + runs + " unmeasured rounds)", times);
  }

  private static List<Path> javaFiles(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
    }
  }

  private static long lines(List<Path> files) throws IOException {
    long lines = 0;
    for (Path f : files) {
      lines += Files.readAllLines(f).size();
    }
    return lines;
  }

  private static long last(List<Long> values) {
    return values.get(values.size() - 1);
  }

  private static void report(String what, Map<String, List<Long>> times) {
    double off = median(times.get("off"));
    double on = median(times.get("on"));
    double offGenerated = median(times.get("off+generated"));
    double lintOff = median(times.get("on, lint off"));
    System.out.printf(
        Locale.ROOT,
        "median javac "
            + what
            + ": off %.0f ms, on %.0f ms, on with lint off %.0f ms, off+generated %.0f ms%n",
        off / 1e6,
        on / 1e6,
        lintOff / 1e6,
        offGenerated / 1e6);
    System.out.printf(
        Locale.ROOT,
        "overhead of the processor (on vs off): %+.0f ms = %+.1f%%%n",
        (on - off) / 1e6,
        100 * (on - off) / off);
    System.out.printf(
        Locale.ROOT,
        "  of which compiling the generated delegates (off+generated vs off): %+.0f ms = %+.1f%%%n",
        (offGenerated - off) / 1e6,
        100 * (offGenerated - off) / off);
    System.out.printf(
        Locale.ROOT,
        "  of which the processor and lint rules themselves (on vs off+generated): %+.0f ms = %+.1f%%%n",
        (on - offGenerated) / 1e6,
        100 * (on - offGenerated) / off);
    System.out.printf(
        Locale.ROOT,
        "  the lint rules alone (on vs on with lint off): %+.0f ms = %+.1f%%%n",
        (on - lintOff) / 1e6,
        100 * (on - lintOff) / off);
    double autoValueOff = median(times.get(AUTO_VALUE_OFF));
    double autoValueOn = median(times.get(AUTO_VALUE_ON));
    System.out.printf(
        Locale.ROOT,
        "AutoValue on the same shape of project: off %.0f ms, on %.0f ms, overhead %+.0f ms = %+.1f%%%n",
        autoValueOff / 1e6,
        autoValueOn / 1e6,
        (autoValueOn - autoValueOff) / 1e6,
        100 * (autoValueOn - autoValueOff) / autoValueOff);
    System.out.printf(
        Locale.ROOT,
        "spanweave's overhead as a multiple of AutoValue's: %.2fx; on / off: spanweave %.2fx, AutoValue %.2fx%n",
        (on - off) / (autoValueOn - autoValueOff),
        on / off,
        autoValueOn / autoValueOff);
    List<Double> paired = pairedRatios(times);
    System.out.printf(
        Locale.ROOT,
        "  the same, round by round (each round's four runs against each other): median %.2fx, %s%n",
        median(paired),
        paired.stream()
            .map(r -> String.format(Locale.ROOT, "%.2f", r))
            .collect(Collectors.joining(", ")));
    for (String floor : List.of("empty", "copy")) {
      double floorTime = median(times.get(floorMode(floor)));
      System.out.printf(
          Locale.ROOT,
          "floor: a processor that only writes %s: %.0f ms, overhead %+.0f ms = %+.1f%%, %.2fx AutoValue's%n",
          floor.equals("empty")
              ? "empty classes of the delegates' names"
              : "spanweave's delegates, copied",
          floorTime / 1e6,
          (floorTime - off) / 1e6,
          100 * (floorTime - off) / off,
          (floorTime - off) / (autoValueOn - autoValueOff));
    }
    if (times.containsKey(BASELINE)) {
      double baseline = median(times.get(BASELINE));
      System.out.printf(
          Locale.ROOT,
          "baseline processor: %.0f ms, overhead vs off %+.1f%% (this build: %+.1f%%)%n",
          baseline / 1e6,
          100 * (baseline - off) / off,
          100 * (on - off) / off);
    }
    System.out.println();
  }

  /**
   * Spanweave's overhead over AutoValue's within each round ({@code on - off} against {@code
   * autovalue on - autovalue off}, all four run within seconds of each other): a slow patch of the
   * machine then moves both sides of one ratio, where medians taken mode by mode can come from
   * different rounds.
   */
  private static List<Double> pairedRatios(Map<String, List<Long>> times) {
    List<Double> ratios = new ArrayList<>();
    for (int r = 0; r < times.get("on").size(); r++) {
      double ours = times.get("on").get(r) - times.get("off").get(r);
      double autoValue = times.get(AUTO_VALUE_ON).get(r) - times.get(AUTO_VALUE_OFF).get(r);
      ratios.add(ours / autoValue);
    }
    return ratios;
  }

  private static final class Compile {
    final int exit;
    final long nanos;
    final long cpuNanos;
    final String output;

    Compile(int exit, long nanos, long cpuNanos, String output) {
      this.exit = exit;
      this.nanos = nanos;
      this.cpuNanos = cpuNanos;
      this.output = output;
    }
  }

  /**
   * CPU time (user + system) of this process's finished children so far, from {@code
   * /proc/self/stat} ({@code cutime + cstime}, in clock ticks of 10 ms); -1 where there is no
   * {@code /proc}. A javac process's CPU time depends much less than its wall time on what else the
   * machine runs.
   */
  private static long childrenCpuNanos() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * 10_000_000L;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  private static Compile javac(String javac, Path out, List<String> args)
      throws IOException, InterruptedException {
    deleteTree(out);
    Files.createDirectories(out);
    int s = args.indexOf("-s");
    if (s >= 0) {
      Path generatedDir = Path.of(args.get(s + 1));
      deleteTree(generatedDir);
      Files.createDirectories(generatedDir);
    }
    List<String> command = new ArrayList<>();
    command.add(javac);
    command.add("-d");
    command.add(out.toString());
    command.add("-nowarn");
    command.addAll(args);
    Path log = Files.createTempFile("javac", ".log");
    try {
      long cpuBefore = childrenCpuNanos();
      long start = System.nanoTime();
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      int exit = process.waitFor();
      long nanos = System.nanoTime() - start;
      long cpu = cpuBefore < 0 ? -1 : childrenCpuNanos() - cpuBefore;
      return new Compile(exit, nanos, cpu, Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private static double median(List<? extends Number> values) {
    double[] sorted = values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  }

  private static String ms(long nanos) {
    return String.format(Locale.ROOT, "%.0f", nanos / 1e6);
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toArray(Path[]::new)) {
        Files.delete(p);
      }
    }
  }

  private CompileOverhead() {}
}
