package io.spanweave.runfiles.internal.summary;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Puts a file written under a temporary name in place with one rename, so that a reader sees the
 * whole file or the one before it: how every file of the summary directory is written.
 */
final class TemporaryFiles {
  private TemporaryFiles() {}

  /** Renames {@code temporary} over {@code file}; atomically where the file system can. */
  static void moveIntoPlace(Path temporary, Path file) throws IOException {
    try {
      Files.move(
          temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
