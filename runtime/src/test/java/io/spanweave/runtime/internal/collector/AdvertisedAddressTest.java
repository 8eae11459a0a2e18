package io.spanweave.runtime.internal.collector;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runtime.CapturedLog;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class AdvertisedAddressTest {

  private static InetAddress address(String text) {
    try {
      return InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aConfiguredHostWinsThenTheDefaultRouteThenAnInterface() {
    assertThat(AdvertisedAddress.choose(" driver.svc ", () -> address("10.0.0.5"), () -> null))
        .isEqualTo("driver.svc");
    assertThat(AdvertisedAddress.choose(null, () -> address("10.0.0.5"), () -> address("10.0.0.6")))
        .isEqualTo("10.0.0.5");
    assertThat(AdvertisedAddress.choose(null, () -> null, () -> address("fd00::7")))
        .isEqualTo("[fd00:0:0:0:0:0:0:7]");
  }

  @Test
  void withOnlyLoopbackItAdvertisesLoopbackWithOneWarningNamingIt() {
    CapturedLog log = CapturedLog.start();
    List<LogRecord> records = log.records();
    boolean warnedBefore = AdvertisedAddress.warnedAboutLoopback();
    try {
      assertThat(AdvertisedAddress.choose(null, () -> null, () -> null)).isEqualTo("127.0.0.1");
      assertThat(AdvertisedAddress.choose(null, () -> null, () -> null)).isEqualTo("127.0.0.1");
    } finally {
      log.close();
    }

    assertThat(records)
        .hasSize(warnedBefore ? 0 : 1)
        .allSatisfy(
            record -> {
              assertThat(record.getLevel()).isEqualTo(Level.WARNING);
              assertThat(record.getMessage())
                  .contains(
                      "advertised to child processes as 127.0.0.1",
                      "children on other hosts cannot reach it",
                      "SPANWEAVE_COLLECTOR_HOST");
            });
    assertThat(AdvertisedAddress.warnedAboutLoopback()).isTrue();
  }
}
