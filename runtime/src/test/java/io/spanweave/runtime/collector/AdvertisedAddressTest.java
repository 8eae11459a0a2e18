package io.spanweave.runtime.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
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
    assertThat(AdvertisedAddress.choose(" driver.svc ", () -> address("10.0.0.5"), () -> null)).isEqualTo("driver.svc");
    assertThat(AdvertisedAddress.choose(null, () -> address("10.0.0.5"), () -> address("10.0.0.6"))).isEqualTo("10.0.0.5");
    assertThat(AdvertisedAddress.choose(null, () -> null, () -> address("fd00::7"))).isEqualTo("[fd00:0:0:0:0:0:0:7]");
  }

  @Test
  void withOnlyLoopbackItAdvertisesLoopbackWithOneWarningNamingIt() {
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
    boolean warnedBefore = AdvertisedAddress.warnedAboutLoopback();
    logger.addHandler(handler);
    try {
      assertThat(AdvertisedAddress.choose(null, () -> null, () -> null)).isEqualTo("127.0.0.1");
      assertThat(AdvertisedAddress.choose(null, () -> null, () -> null)).isEqualTo("127.0.0.1");
    } finally {
      logger.removeHandler(handler);
    }

    assertThat(records).hasSize(warnedBefore ? 0 : 1).allSatisfy(record -> {
      assertThat(record.getLevel()).isEqualTo(Level.WARNING);
      assertThat(record.getMessage()).contains("advertised to child processes as 127.0.0.1",
          "children on other hosts cannot reach it", "SPANWEAVE_COLLECTOR_HOST");
    });
    assertThat(AdvertisedAddress.warnedAboutLoopback()).isTrue();
  }
}
