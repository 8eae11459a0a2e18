package io.spanweave.runtime.internal.export;

import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.IOException;

/**
 * Where {@link LiveSpanProcessor} puts its records: the run's {@code live.jsonl} on this host, or
 * the driver's collector ({@link LiveRecordSender}), which appends them to the driver's file.
 * Called by the live worker only, never by a traced thread.
 */
public interface LiveRecordSink {

  /** Writes {@code length} bytes of {@code lines}, complete JSON lines; fails as a whole. */
  void append(byte[] lines, int length) throws IOException;

  /** The file or URL, for messages. */
  String describe();

  /** The run's live file on this host. */
  static LiveRecordSink of(JsonLinesFile file) {
    return new LiveRecordSink() {
      @Override
      public void append(byte[] lines, int length) throws IOException {
        file.append(lines, length);
      }

      @Override
      public String describe() {
        return file.path().toString();
      }
    };
  }
}
