package io.spanweave.runtime;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;

/**
 * Starts the rollout viewer in this JVM when {@link ViewerSettings#enabled()} and the viewer
 * ({@code spanweave-viewer}) is on the class path, and writes the command that starts it again by
 * hand. The viewer is found by name and called through its reflection entry point {@code
 * TraceViewer.startFromArgs(String[])}: this package must not depend on the viewer module, which
 * itself depends on nothing of ours.
 */
final class ViewerLauncher {

  static final String VIEWER_CLASS = "io.spanweave.viewer.TraceViewer";
  static final String VIEWER_MAIN = "io.spanweave.viewer.Main";

  /** The name of the viewer's runnable jar, as {@code viewer/target/} holds it. */
  static final String RUNNABLE_JAR = "spanweave-viewer.jar";

  /** Classes whose jars the viewer needs besides its own, for a {@code -cp} command. */
  private static final List<String> VIEWER_LIBRARIES =
      List.of(
          "com.fasterxml.jackson.core.JsonFactory",
          "com.fasterxml.jackson.databind.ObjectMapper",
          "com.fasterxml.jackson.annotation.JsonProperty",
          "com.fasterxml.jackson.dataformat.csv.CsvMapper",
          "picocli.CommandLine",
          "io.spanweave.conventions.ViewerKeys");

  private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

  private ViewerLauncher() {}

  /** A started viewer, or why none runs; {@link #restartCommand()} is there in both cases. */
  record Launch(AutoCloseable viewer, String url, String restartCommand, String problem) {

    boolean started() {
      return viewer != null;
    }
  }

  /**
   * Starts the viewer for {@code runtime}'s files, run id and service. Never throws: a viewer that
   * is missing or cannot listen (a port in use) is a {@link Launch} with a problem, since tracing
   * must go on without it.
   */
  static Launch start(TraceRuntime runtime) {
    TraceConfig config = runtime.config();
    Class<?> viewerClass = findViewer();
    if (viewerClass == null) {
      return new Launch(
          null,
          null,
          command(runtime, config.viewer().port(), null),
          VIEWER_CLASS
              + " is not on the class path (add io.spanweave:spanweave-viewer as a runtime dependency)");
    }
    try {
      Method start = viewerClass.getMethod("startFromArgs", String[].class);
      AutoCloseable viewer =
          (AutoCloseable) start.invoke(null, (Object) arguments(runtime, config.viewer().port()));
      String url = viewer.toString();
      // With port 0 the viewer picked a port: the command reopens it on that one.
      int port = config.viewer().port() != 0 ? config.viewer().port() : portOf(url, 0);
      return new Launch(viewer, url, command(runtime, port, viewerClass), null);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      return new Launch(
          null,
          null,
          command(runtime, config.viewer().port(), viewerClass),
          "the viewer did not start: "
              + cause.getClass().getSimpleName()
              + ": "
              + cause.getMessage());
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return new Launch(
          null,
          null,
          command(runtime, config.viewer().port(), viewerClass),
          "the viewer on the class path cannot be started ("
              + e.getClass().getSimpleName()
              + "); is it the same version?");
    }
  }

  private static Class<?> findViewer() {
    try {
      return Class.forName(VIEWER_CLASS, false, ViewerLauncher.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  /**
   * The viewer's command-line arguments for this run. The run id alone selects the run: every span
   * of it carries the id (the collector gives it to workers' resources that lack it), while a
   * service filter would hide the traces that only workers of other services wrote.
   */
  static String[] arguments(TraceRuntime runtime, int port) {
    TraceConfig config = runtime.config();
    return new String[] {
      "--trace-jsonl", runtime.traceFile().toString(),
      "--live-jsonl", runtime.liveFile().toString(),
      "--run-id", runtime.runId(),
      "--host", config.viewer().host(),
      "--port", Integer.toString(port)
    };
  }

  /**
   * The shell command that starts the viewer on this run's files: {@code java -jar} on the viewer's
   * runnable jar when that is where the viewer was loaded from (or sits next to it), {@code java
   * -cp} over the jars it was loaded from otherwise (such as an application's fat jar, or the Maven
   * repository's jars), and the build command of the runnable jar when the viewer is not on the
   * class path at all.
   */
  static String command(TraceRuntime runtime, int port, Class<?> viewerClass) {
    StringBuilder command = new StringBuilder();
    Path viewerJar = viewerClass == null ? null : codeSource(viewerClass);
    Path runnable = viewerJar == null ? null : runnableJarFor(viewerJar);
    if (runnable != null) {
      command.append("java -jar ").append(quote(runnable.toString()));
    } else if (viewerJar != null) {
      Set<String> classPath = new LinkedHashSet<>();
      classPath.add(viewerJar.toString());
      for (String library : VIEWER_LIBRARIES) {
        Path jar = codeSource(library, viewerClass.getClassLoader());
        if (jar != null) {
          classPath.add(jar.toString());
        }
      }
      command
          .append("java -cp ")
          .append(quote(String.join(java.io.File.pathSeparator, classPath)))
          .append(' ')
          .append(VIEWER_MAIN);
    } else {
      // Not on the class path: the runnable jar that `mvn -pl viewer -am package` builds.
      command.append("java -jar viewer/target/").append(RUNNABLE_JAR);
    }
    for (String argument : arguments(runtime, port)) {
      command.append(' ').append(quote(argument));
    }
    return command.toString();
  }

  /**
   * {@code jar} itself if it is the viewer's runnable jar, its runnable sibling if it has one, else
   * null.
   */
  private static Path runnableJarFor(Path jar) {
    if (isRunnableViewer(jar)) {
      return jar;
    }
    // viewer/target/classes or viewer/target/spanweave-viewer-<version>.jar: the shaded jar is in
    // target/.
    Path target = jar.getParent();
    if (target != null && isRunnableViewer(target.resolve(RUNNABLE_JAR))) {
      return target.resolve(RUNNABLE_JAR);
    }
    return null;
  }

  /**
   * Whether {@code java -jar} runs the viewer from {@code jar}: its main class is the viewer's and
   * it holds the viewer's libraries too. The module's thin jar names the main class as well, but
   * without Jackson it would fail at the first line it reads.
   */
  private static boolean isRunnableViewer(Path jar) {
    if (!Files.isRegularFile(jar)) {
      return false;
    }
    try (JarFile file = new JarFile(jar.toFile())) {
      Manifest manifest = file.getManifest();
      String main = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
      return main != null
          && main.trim().equals(VIEWER_MAIN)
          && file.getEntry("com/fasterxml/jackson/core/JsonFactory.class") != null;
    } catch (IOException | SecurityException e) {
      return false;
    }
  }

  private static Path codeSource(String className, ClassLoader loader) {
    try {
      return codeSource(Class.forName(className, false, loader));
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  private static Path codeSource(Class<?> type) {
    try {
      CodeSource source = type.getProtectionDomain().getCodeSource();
      if (source == null
          || source.getLocation() == null
          || !"file".equals(source.getLocation().getProtocol())) {
        return null;
      }
      return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
    } catch (URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  private static int portOf(String url, int fallback) {
    int colon = url.lastIndexOf(':');
    if (colon < 0) {
      return fallback;
    }
    StringBuilder digits = new StringBuilder();
    for (int i = colon + 1; i < url.length() && Character.isDigit(url.charAt(i)); i++) {
      digits.append(url.charAt(i));
    }
    return digits.length() == 0 ? fallback : Integer.parseInt(digits.toString());
  }

  /** Quotes {@code text} for a POSIX shell when it holds anything but plain path characters. */
  static String quote(String text) {
    if (!text.isEmpty() && SHELL_SAFE.matcher(text).matches()) {
      return text;
    }
    return "'" + text.replace("'", "'\\''") + "'";
  }

  /** Words of {@code command} for tests: splits on spaces outside single quotes. */
  static List<String> words(String command) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < command.length(); i++) {
      char c = command.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      } else if (c == '\\' && !quoted && i + 1 < command.length()) {
        word.append(command.charAt(++i));
      } else if (c == ' ' && !quoted) {
        if (word.length() > 0) {
          words.add(word.toString());
          word.setLength(0);
        }
      } else {
        word.append(c);
      }
    }
    if (word.length() > 0) {
      words.add(word.toString());
    }
    return words;
  }
}
