package io.spanweave.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor must also work when the newest JDK's javac runs it (DESIGN.md), as a separate
 * process with the processor on {@code -processorpath}, the way a build tool runs it. The JDK is
 * {@code -Dspanweave.newestJdk=<home>}, by default the JDK 25 of the project's machines; the test
 * is skipped where that JDK is absent.
 */
class NewestJdkTest {

  private static final Path JDK =
      Path.of(System.getProperty("spanweave.newestJdk", "/usr/lib/jvm/temurin-25-jdk-amd64"));

  @TempDir Path work;

  @Test
  void newestJavacRunsTheProcessorOverTheFixtures() throws Exception {
    Path javac = JDK.resolve("bin/javac");
    assumeTrue(Files.isExecutable(javac), "no JDK at " + JDK);
    String classpath = System.getProperty("java.class.path");
    List<String> command =
        new ArrayList<>(
            List.of(
                javac.toString(),
                "--release",
                "17",
                "-processorpath",
                classpath,
                "-classpath",
                classpath,
                "-s",
                work.resolve("generated").toString(),
                "-d",
                work.resolve("classes").toString()));
    try (Stream<Path> fixtures =
        Files.list(Path.of("src/test/java/io/spanweave/processor/fixtures"))) {
      fixtures.filter(f -> f.toString().endsWith(".java")).forEach(f -> command.add(f.toString()));
    }

    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();

    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).doesNotContain("warning").doesNotContain("error");
    Path generated = work.resolve("generated/io/spanweave/processor/fixtures");
    assertThat(generated.resolve("TracedPipeline.java")).exists();
    assertThat(generated.resolve("TracedRolloutDriver.java")).exists();
    assertThat(work.resolve("classes/io/spanweave/processor/fixtures/TracedTenantService.class"))
        .exists();
    assertThat(version(javac)).startsWith("javac ");
  }

  private static String version(Path javac) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(javac.toString(), "-version").redirectErrorStream(true).start();
    String output =
        new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    process.waitFor(30, TimeUnit.SECONDS);
    System.out.println("newest JDK: " + output);
    return output;
  }
}
