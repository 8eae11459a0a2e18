package io.spanweave.runtime;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Captures what spanweave logs on {@code io.spanweave} while it is open, for tests that assert a
 * warning or the start line is logged exactly once.
 *
 * <pre>{@code
 * try (CapturedLog log = CapturedLog.start()) {
 *   ...
 *   assertThat(log.records()).hasSize(1);
 * }
 * }</pre>
 */
public final class CapturedLog extends Handler implements AutoCloseable {

  private final Logger logger = Logger.getLogger("io.spanweave");
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();

  private CapturedLog() {
    logger.addHandler(this);
  }

  public static CapturedLog start() {
    return new CapturedLog();
  }

  /** The records logged since {@link #start()}, live. */
  public List<LogRecord> records() {
    return records;
  }

  @Override
  public void publish(LogRecord record) {
    records.add(record);
  }

  @Override
  public void flush() {}

  /** Stops capturing; the records stay readable. */
  @Override
  public void close() {
    logger.removeHandler(this);
  }
}
