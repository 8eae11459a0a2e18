package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every main source file of every module (each {@code src/main/java} under the repository root)
 * stays at most {@value #MAX_LINES} lines: a file that grows past it holds more than one concept,
 * and is split before it is merged.
 */
class MainSourceSizeTest {

  static final int MAX_LINES = 600;

  /** Build output and installed packages hold no source of the project. */
  private static final Set<String> NOT_SOURCES = Set.of("target", "node_modules");

  @Test
  void noMainSourceFileOfAnyModuleIsLongerThanTheLimit() throws IOException {
    Path repository = Path.of("..").toAbsolutePath().normalize();
    assertThat(repository.resolve("pom.xml")).as("the repository's root pom").isRegularFile();
    assertThat(repository.resolve("runtime/src/main/java"))
        .as("the runtime's main sources")
        .isDirectory();
    long checked = 0;
    StringBuilder tooLong = new StringBuilder();
    for (Path file : mainSources(repository)) {
      checked++;
      long lines = lines(file);
      if (lines > MAX_LINES) {
        tooLong
            .append('\n')
            .append(repository.relativize(file))
            .append(": ")
            .append(lines)
            .append(" lines");
      }
    }
    assertThat(checked).as("main source files found").isGreaterThan(50);
    assertThat(tooLong.toString())
        .as("main source files over %d lines; split them by concept", MAX_LINES)
        .isEmpty();
  }

  /** The .java files under any {@code src/main/java} below {@code repository}, sorted. */
  private static List<Path> mainSources(Path repository) throws IOException {
    List<Path> out = new ArrayList<>();
    Files.walkFileTree(
        repository,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
            boolean skip =
                !dir.equals(repository) && (name.startsWith(".") || NOT_SOURCES.contains(name));
            return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            if (file.toString().endsWith(".java") && isUnderMainJava(repository.relativize(file))) {
              out.add(file);
            }
            return FileVisitResult.CONTINUE;
          }
        });
    out.sort(null);
    return out;
  }

  private static boolean isUnderMainJava(Path relative) {
    for (int k = 0; k + 2 < relative.getNameCount(); k++) {
      if (relative.getName(k).toString().equals("src")
          && relative.getName(k + 1).toString().equals("main")
          && relative.getName(k + 2).toString().equals("java")) {
        return true;
      }
    }
    return false;
  }

  private static long lines(Path file) {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
