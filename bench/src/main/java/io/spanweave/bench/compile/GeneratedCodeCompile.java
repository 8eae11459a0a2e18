package io.spanweave.bench.compile;

import io.spanweave.bench.BenchPaths;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * What javac spends on generated code alone: spanweave's delegates, the same delegates in a leaner
 * shape, and AutoValue's generated classes, each compiled without processors in one warm JVM, in
 * turn, round after round. It reads what {@link CompileOverhead} left in its work directory (the
 * delegates, AutoValue's output and the compiled projects they build on), so run that first.
 *
 * <p>The lean shape is the delegates with, textually: no {@code catch (Throwable t)} block before
 * the {@code finally} (failures unrecorded), no callback on {@code endWhenComplete}, no {@code
 * Objects.requireNonNull}, and the list attribute written as a string. It does not trace correctly;
 * it measures how much of the compile time those constructs take, as a guide to a cheaper generated
 * shape.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.compile.GeneratedCodeCompile [--rounds 30] [--dir DIR]
 * </pre>
 */
public final class GeneratedCodeCompile {

  private static final Pattern CATCH_BEFORE_FINALLY =
      Pattern.compile(
          "    \\} catch \\(Throwable t\\) \\{\\n      span\\.fail\\(t\\);\\n      throw t;\\n    \\} finally \\{");
  private static final Pattern COMPLETION_CALLBACK =
      Pattern.compile(", value -> \\{.*?\\n      \\}\\)", Pattern.DOTALL);

  private GeneratedCodeCompile() {}

  public static void main(String[] args) throws Exception {
    int rounds = 30;
    Path work = Path.of("bench", "target", "compile-bench", "work");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--rounds":
          rounds = Integer.parseInt(args[++i]);
          break;
        case "--dir":
          work = Path.of(args[++i]);
          break;
        default:
          throw new IllegalArgumentException(
              "unknown argument " + args[i] + "; use --rounds N --dir DIR");
      }
    }
    // The directories CompileOverhead writes: its first run's delegates, AutoValue's output, and
    // the classes of the two projects as its "off" modes compiled them.
    Path delegates = existing(work.resolve("generated"));
    Path autoValueGenerated = existing(work.resolve("generated-autovalue"));
    Path projectClasses = existing(work.resolve("out-off"));
    Path autoValueClasses = existing(work.resolve("out-autovalue off"));
    String classPath = Files.readString(Path.of(BenchPaths.PROJECT_PATH_FILE)).trim();

    Map<String, CodeSet> sets = new LinkedHashMap<>();
    sets.put(
        "spanweave's delegates",
        new CodeSet(javaFiles(delegates), classPath + File.pathSeparator + projectClasses));
    sets.put(
        "the delegates, lean shape",
        new CodeSet(
            leanCopies(delegates, work.resolve("generated-lean")),
            classPath + File.pathSeparator + projectClasses));
    sets.put(
        "AutoValue's generated classes",
        new CodeSet(
            javaFiles(autoValueGenerated),
            classPath
                + File.pathSeparator
                + BenchPaths.AUTO_VALUE_ANNOTATIONS
                + File.pathSeparator
                + autoValueClasses));

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    Map<String, List<Long>> times = new LinkedHashMap<>();
    Path out = work.resolve("out-generated-only");
    for (int round = 0; round < rounds; round++) {
      for (Map.Entry<String, CodeSet> set : sets.entrySet()) {
        times
            .computeIfAbsent(set.getKey(), k -> new ArrayList<>())
            .add(compile(javac, set.getValue(), out));
      }
    }
    System.out.printf(
        "generated code alone, %d files per set, javac %s, %d rounds in one JVM; median of the second half:%n",
        sets.values().iterator().next().files.size(), System.getProperty("java.version"), rounds);
    double autoValue = secondHalfMedian(times.get("AutoValue's generated classes"));
    for (Map.Entry<String, List<Long>> set : times.entrySet()) {
      double median = secondHalfMedian(set.getValue());
      System.out.printf(
          "  %-30s %6.0f ms  %.2fx AutoValue's%n", set.getKey(), median, median / autoValue);
    }
  }

  private record CodeSet(List<String> files, String classPath) {}

  private static long compile(JavaCompiler javac, CodeSet set, Path out) throws IOException {
    CompileOverhead.deleteTree(out);
    Files.createDirectories(out);
    long start = System.nanoTime();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      boolean ok =
          javac
              .getTask(
                  null,
                  files,
                  null,
                  List.of("-proc:none", "-nowarn", "-d", out.toString(), "-cp", set.classPath),
                  null,
                  files.getJavaFileObjectsFromStrings(set.files))
              .call();
      if (!ok) {
        throw new IllegalStateException(
            "javac failed on " + set.files.get(0) + " and the rest of its set");
      }
    }
    return (System.nanoTime() - start) / 1_000_000;
  }

  /**
   * Writes the lean shape of every delegate under {@code target}; returns their paths. Fails when
   * one of the rewrites matches no delegate: the generated code has changed shape, and a "lean" set
   * equal to the original would measure nothing.
   */
  private static List<String> leanCopies(Path delegates, Path target) throws IOException {
    CompileOverhead.deleteTree(target);
    List<String> copies = new ArrayList<>();
    Map<String, Integer> rewrites = new LinkedHashMap<>();
    for (String file : javaFiles(delegates)) {
      Path source = Path.of(file);
      Path copy = target.resolve(delegates.relativize(source));
      Files.createDirectories(copy.getParent());
      String text = Files.readString(source);
      text =
          rewrite(
              rewrites,
              "catch before finally",
              text,
              CATCH_BEFORE_FINALLY.matcher(text).replaceAll("    } finally {"));
      text =
          rewrite(
              rewrites,
              "completion callback",
              text,
              COMPLETION_CALLBACK.matcher(text).replaceAll(")"));
      text =
          rewrite(
              rewrites,
              "requireNonNull",
              text,
              text.replace("Objects.requireNonNull(delegate, \"delegate\")", "delegate"));
      text =
          rewrite(
              rewrites,
              "list attribute",
              text,
              text.replace(
                  ".attribute(\"sample.ids\", sampleIds)",
                  ".stringAttribute(\"sample.ids\", \"ids\")"));
      Files.writeString(copy, text);
      copies.add(copy.toString());
    }
    rewrites.forEach(
        (name, files) -> {
          if (files == 0) {
            throw new IllegalStateException(
                "the lean shape's rewrite '"
                    + name
                    + "' matched no delegate under "
                    + delegates
                    + ": the generated code changed shape; update GeneratedCodeCompile's rewrites");
          }
        });
    return copies;
  }

  /**
   * Counts, under {@code name}, the files {@code after} differs from {@code before} in; returns
   * {@code after}.
   */
  private static String rewrite(
      Map<String, Integer> rewrites, String name, String before, String after) {
    rewrites.merge(name, before.equals(after) ? 0 : 1, Integer::sum);
    return after;
  }

  private static List<String> javaFiles(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(p -> p.toString().endsWith(".java"))
          .map(Path::toString)
          .sorted()
          .collect(Collectors.toList());
    }
  }

  private static Path existing(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException(
          dir
              + " is missing: run io.spanweave.bench.compile.CompileOverhead first, with the same --dir");
    }
    return dir;
  }

  /** The median of the second half: the first rounds warm javac up. */
  private static double secondHalfMedian(List<Long> values) {
    List<Long> sorted = new ArrayList<>(values.subList(values.size() / 2, values.size()));
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }
}
