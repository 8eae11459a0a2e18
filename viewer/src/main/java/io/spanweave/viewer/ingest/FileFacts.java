package io.spanweave.viewer.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file's size and modification time as the reading loop uses them: 0 for a file gone since it was
 * listed.
 */
final class FileFacts {
  private FileFacts() {}

  static long modifiedMillis(Path path) {
    try {
      return Files.getLastModifiedTime(path).toMillis();
    } catch (IOException gone) {
      return 0;
    }
  }

  static long sizeOrZero(Path path) {
    try {
      return Files.size(path);
    } catch (IOException gone) {
      return 0;
    }
  }
}
