package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.TracingFaults;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class TracingFaultsTest {

  @Test
  void everyFaultIsCountedAndOnlyTheFirstOfItsKindIsLogged() {
    CapturedLog log = CapturedLog.start();
    List<LogRecord> records = log.records();
    try {
      TracingFaults.report(
          "test-kind", "the disk is full", new java.io.IOException("No space left on device"));
      TracingFaults.report("test-kind", "the disk is still full", null);
      TracingFaults.report("test-kind", "and still", null);
    } finally {
      log.close();
    }

    assertThat(TracingFaults.count("test-kind")).isEqualTo(3);
    assertThat(TracingFaults.counts()).containsEntry("test-kind", 3L);
    assertThat(records)
        .singleElement()
        .satisfies(
            record -> {
              assertThat(record.getLevel()).isEqualTo(Level.WARNING);
              assertThat(record.getMessage())
                  .contains(
                      "the disk is full",
                      "java.io.IOException: No space left on device",
                      "further faults of kind 'test-kind' are only counted");
            });
  }
}
