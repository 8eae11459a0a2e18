package io.spanweave.lint;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * Shared fixtures: stand-ins for the runtime API the rules recognise (by owner type name, so the
 * real runtime is not needed), and helpers that compile with {@link LintProcessor}.
 */
final class LintTesting {

  private LintTesting() {}

  static final JavaFileObject TRACE =
      JavaFileObjects.forSourceLines(
          "io.spanweave.api.Trace",
          "package io.spanweave.api;",
          "import java.util.Map;",
          "import java.util.concurrent.Callable;",
          "public final class Trace {",
          "  public interface Scope extends AutoCloseable { @Override void close(); }",
          "  public static Scope span(String name) { return null; }",
          "  public static Scope span(String name, Map<String, ?> attributes) { return null; }",
          "  public static Scope span(String name, Map<String, ?> attributes, Map<String, String> carrier) { return null; }",
          "  public static void event(String name, Map<String, ?> attributes) {}",
          "  public static void setAttribute(String key, String value) {}",
          "  public static void setAttribute(String key, long value) {}",
          "  public static void setAttribute(String key, double value) {}",
          "  public static void setAttribute(String key, boolean value) {}",
          "  public static void setAttribute(String key, Object value) {}",
          "  public static void setAttributes(Map<String, ?> attributes) {}",
          "  public static <T> T call(String name, Callable<T> body) { return null; }",
          "  public static void run(String name, Runnable body) {}",
          "  public static void metric(String name, long value) {}",
          "  public static <C extends Map<String, String>> C inject(C carrier) { return carrier; }",
          "}");

  static final JavaFileObject STAGE_SPAN =
      JavaFileObjects.forSourceLines(
          "io.spanweave.api.StageSpan",
          "package io.spanweave.api;",
          "import java.util.List;",
          "public abstract class StageSpan {",
          "  public abstract void attribute(String key, String value);",
          "  public abstract void attribute(String key, long value);",
          "  public abstract void attribute(String key, Object[] values);",
          "  public abstract void attribute(String key, List<?> values);",
          "  public abstract void event(String name);",
          "  public abstract void fail(Throwable error);",
          "  public abstract void end();",
          "}");

  static final JavaFileObject STAGE =
      JavaFileObjects.forSourceLines(
          "io.spanweave.api.Stage",
          "package io.spanweave.api;",
          "public final class Stage {",
          "  public static Stage define(String name, String stage, io.spanweave.annotations.Kind kind, String... attributes) {",
          "    return null;",
          "  }",
          "  public StageSpan start() { return null; }",
          "}");

  /** A map builder shaped like Guava's ImmutableMap.Builder. */
  static final JavaFileObject ATTRS =
      JavaFileObjects.forSourceLines(
          "com.acme.util.Attrs",
          "package com.acme.util;",
          "import java.util.HashMap;",
          "import java.util.Map;",
          "public final class Attrs {",
          "  private final Map<String, Object> map = new HashMap<>();",
          "  public static Attrs builder() { return new Attrs(); }",
          "  public Attrs put(String key, Object value) { map.put(key, value); return this; }",
          "  public Map<String, Object> build() { return map; }",
          "}");

  static final List<JavaFileObject> RUNTIME = List.of(TRACE, STAGE_SPAN, STAGE, ATTRS);

  /** Compiles {@code sources} with the stand-ins and every rule. */
  static Compilation lint(JavaFileObject... sources) {
    return lintWith(List.of(), sources);
  }

  static Compilation lintWith(List<String> options, JavaFileObject... sources) {
    return javac()
        .withProcessors(new LintProcessor())
        .withOptions(options)
        .compile(withRuntime(sources));
  }

  static List<JavaFileObject> withRuntime(JavaFileObject... sources) {
    List<JavaFileObject> all = new ArrayList<>(RUNTIME);
    all.addAll(Arrays.asList(sources));
    return all;
  }

  /** A source file; {@link #line} finds a line in it by a piece of its text. */
  static Source source(String qualifiedName, String... lines) {
    return new Source(JavaFileObjects.forSourceLines(qualifiedName, lines), lines);
  }

  static final class Source {
    final JavaFileObject file;
    private final String[] lines;

    Source(JavaFileObject file, String[] lines) {
      this.file = file;
      this.lines = lines;
    }

    /** The 1-based number of the only line containing {@code text}. */
    long line(String text) {
      long found = -1;
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].contains(text)) {
          if (found != -1) {
            throw new IllegalArgumentException("'" + text + "' is on more than one line");
          }
          found = i + 1;
        }
      }
      if (found == -1) {
        throw new IllegalArgumentException("no line contains '" + text + "'");
      }
      return found;
    }
  }
}
