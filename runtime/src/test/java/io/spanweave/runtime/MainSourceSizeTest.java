package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every main source file of the API and the runtime stays at most {@value #MAX_LINES} lines: a
 * file that grows past it holds more than one concept, and is split before it is merged.
 */
class MainSourceSizeTest {

  static final int MAX_LINES = 600;

  @Test
  void noMainSourceFileOfTheApiOrTheRuntimeIsLongerThanTheLimit() throws IOException {
    List<Path> roots = List.of(Path.of("src/main/java"), Path.of("../api/src/main/java"));
    long checked = 0;
    StringBuilder tooLong = new StringBuilder();
    for (Path root : roots) {
      assertThat(root).as("main sources").isDirectory();
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : files.filter(path -> path.toString().endsWith(".java")).sorted().toList()) {
          checked++;
          long lines = lines(file);
          if (lines > MAX_LINES) {
            tooLong.append('\n').append(file.normalize()).append(": ").append(lines).append(" lines");
          }
        }
      }
    }
    assertThat(checked).as("main source files found").isGreaterThan(50);
    assertThat(tooLong.toString()).as("main source files over %d lines; split them by concept", MAX_LINES).isEmpty();
  }

  private static long lines(Path file) {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
