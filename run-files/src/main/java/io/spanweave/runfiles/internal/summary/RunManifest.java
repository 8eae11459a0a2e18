package io.spanweave.runfiles.internal.summary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The run manifest the runtime writes last when it closes a run, into the summary directory ({@link
 * PartSummaryFile#DIRECTORY}): the run's parts in order, each with its stored size and the name of
 * a summary file that matched the part (whichever process wrote it), or null for a part without one
 * when the manifest was written (one the closing runtime did not reach before its deadline, one the
 * facts summariser does not read, the part still being written). It is written at close only (a
 * runtime killed writes none), and written anew by {@code RunParts compress} where there is one. A
 * small JSON object, written through a temporary file ({@code .tmp-<pid>}) and an atomic rename:
 *
 * <pre>
 * {"version":1,"segmentBytes":8388608,"parts":[{"name":"traces-000001.jsonl.gz","storedBytes":123,"summary":"part-....summary"}]}
 * </pre>
 */
public final class RunManifest {
  /** The manifest's file name in the summary directory. */
  public static final String FILE_NAME = "run-manifest.json";

  private RunManifest() {}

  /** A part of the run: its file name, stored size, and summary file name or null. */
  public record Entry(String name, long storedBytes, String summary) {}

  /** Writes the manifest into {@code dir} (created when missing); returns the file. */
  public static Path write(Path dir, long segmentBytes, List<Entry> parts) throws IOException {
    StringBuilder json = new StringBuilder(64 + parts.size() * 96);
    json.append("{\"version\":1,\"segmentBytes\":").append(segmentBytes).append(",\"parts\":[");
    for (int i = 0; i < parts.size(); i++) {
      Entry e = parts.get(i);
      json.append(i == 0 ? "" : ",").append("{\"name\":");
      string(json, e.name());
      json.append(",\"storedBytes\":").append(e.storedBytes()).append(",\"summary\":");
      if (e.summary() == null) {
        json.append("null");
      } else {
        string(json, e.summary());
      }
      json.append('}');
    }
    json.append("]}\n");
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE_NAME);
    Path temporary = dir.resolve(FILE_NAME + ".tmp-" + ProcessHandle.current().pid());
    try {
      Files.write(temporary, json.toString().getBytes(StandardCharsets.UTF_8));
      TemporaryFiles.moveIntoPlace(temporary, file);
      return file;
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  private static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }
}
