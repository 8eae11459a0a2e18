package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@link ChildProcessMain} in a real separate JVM with the test class path: its standard output is
 * read line by line, its standard error goes to a file the assertions print.
 */
public final class ChildJvm implements AutoCloseable {

  private final Process process;
  private final BufferedReader out;
  private final PrintWriter in;
  private final Path stderr;

  private ChildJvm(Process process, Path stderr) {
    this.process = process;
    this.stderr = stderr;
    this.out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
  }

  /** Starts {@code ChildProcessMain args} with {@code environment} added to this JVM's. */
  public static ChildJvm start(Path dir, Map<String, String> environment, String... args)
      throws IOException {
    return start(dir, environment, List.of(), ChildProcessMain.class, args);
  }

  /**
   * Starts {@code main args} with the JVM options {@code jvmOptions} (such as {@code
   * -Dotel.service.name=x}).
   */
  public static ChildJvm start(
      Path dir,
      Map<String, String> environment,
      List<String> jvmOptions,
      Class<?> main,
      String... args)
      throws IOException {
    return start(dir, environment, jvmOptions, System.getProperty("java.class.path"), main, args);
  }

  /**
   * As {@link #start(Path, Map, List, Class, String...)}, on {@code classPath}, such as {@link
   * LightClassPath#classPath()}.
   */
  public static ChildJvm start(
      Path dir,
      Map<String, String> environment,
      List<String> jvmOptions,
      String classPath,
      Class<?> main,
      String... args)
      throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1")); // a short-lived child: start fast rather than compile
    // well
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classPath, main.getName()));
    command.addAll(List.of(args));
    Path stderr = Files.createTempFile(dir, "child", ".stderr");
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
    builder.environment().putAll(environment);
    return new ChildJvm(builder.start(), stderr);
  }

  /** The next line the child prints; fails with its standard error when it ends first. */
  public String readLine() throws IOException {
    String line = out.readLine();
    assertThat(line).as("a line from the child; its stderr:%n%s", stderr()).isNotNull();
    return line;
  }

  public void send(String line) {
    in.println(line);
  }

  /** Waits for the child to exit and checks it exited 0. */
  public void awaitSuccess() throws Exception {
    in.close();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the child finished").isTrue();
    assertThat(process.exitValue()).as("child exit code; its stderr:%n%s", stderr()).isZero();
  }

  /**
   * Everything the child printed on standard output from here on, after it exited; fails if it did
   * not exit 0.
   */
  public String awaitOutput() throws Exception {
    in.close();
    StringBuilder text = new StringBuilder();
    for (String line; (line = out.readLine()) != null; ) {
      text.append(line).append('\n');
    }
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the child finished").isTrue();
    return text.toString();
  }

  /** What the child printed on standard error so far. */
  public String stderr() throws IOException {
    return Files.readString(stderr, StandardCharsets.UTF_8);
  }

  public Process process() {
    return process;
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
