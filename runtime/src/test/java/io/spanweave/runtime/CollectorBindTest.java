package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the driver's local collector listens, and what the startup line says about it. */
class CollectorBindTest {

  @TempDir Path dir;

  @AfterEach
  void close() {
    Tracing.close();
  }

  private static String startupLine(TraceConfig config) {
    CapturedLog log = CapturedLog.start();
    List<LogRecord> records = log.records();
    try {
      Tracing.configure(config);
      return records.get(0).getMessage();
    } finally {
      log.close();
    }
  }

  @Test
  void byDefaultTheCollectorListensOnLoopbackAdvertisesLoopbackAndTheStartupLineSaysSo() {
    TraceConfig config = TestRuns.config(dir).build();
    String line = startupLine(config);
    TraceRuntime runtime = Tracing.current().orElseThrow();

    assertThat(config.collector().bindAddress()).isNull();
    assertThat(URI.create(runtime.collectorEndpoint().orElseThrow()).getHost())
        .isEqualTo("127.0.0.1");
    assertThat(line).contains("; listening on loopback only)").doesNotContain("all interfaces");
  }

  @Test
  void listeningOnAllInterfacesIsAnExplicitSettingInTheBuilderOrTheEnvironment() {
    String line =
        startupLine(
            TestRuns.config(dir).collector(collector -> collector.withBindAddress("all")).build());

    assertThat(line).contains("; listening on all interfaces)");
    assertThat(
            TraceConfig.fromEnvironment(Map.of("SPANWEAVE_COLLECTOR_BIND", "all"))
                .collector()
                .bindAddress())
        .isEqualTo("all");
    assertThat(
            TraceConfig.builder()
                .collector(collector -> collector.withBindAddress("127.0.0.1"))
                .build()
                .collector()
                .bindAddress())
        .isEqualTo("127.0.0.1");
    assertThatThrownBy(
            () ->
                TraceConfig.builder()
                    .collector(collector -> collector.withBindAddress(" "))
                    .build())
        .hasMessageContaining("collector.bindAddress is blank");
    assertThat(
            TraceConfig.builder()
                .collector(collector -> collector.withBindAddress("all"))
                .build()
                .toBuilder()
                .build()
                .collector()
                .bindAddress())
        .isEqualTo("all");
  }
}
