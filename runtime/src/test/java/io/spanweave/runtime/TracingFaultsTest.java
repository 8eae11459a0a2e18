package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class TracingFaultsTest {

  @Test
  void everyFaultIsCountedAndOnlyTheFirstOfItsKindIsLogged() {
    Logger logger = Logger.getLogger("io.spanweave");
    List<LogRecord> records = new ArrayList<>();
    Handler handler = new Handler() {
      @Override public void publish(LogRecord record) {
        records.add(record);
      }

      @Override public void flush() {
      }

      @Override public void close() {
      }
    };
    logger.addHandler(handler);
    try {
      TracingFaults.report("test-kind", "the disk is full", new java.io.IOException("No space left on device"));
      TracingFaults.report("test-kind", "the disk is still full", null);
      TracingFaults.report("test-kind", "and still", null);
    } finally {
      logger.removeHandler(handler);
    }

    assertThat(TracingFaults.count("test-kind")).isEqualTo(3);
    assertThat(TracingFaults.counts()).containsEntry("test-kind", 3L);
    assertThat(records).singleElement().satisfies(record -> {
      assertThat(record.getLevel()).isEqualTo(Level.WARNING);
      assertThat(record.getMessage()).contains("the disk is full", "java.io.IOException: No space left on device",
          "further faults of kind 'test-kind' are only counted");
    });
  }
}
