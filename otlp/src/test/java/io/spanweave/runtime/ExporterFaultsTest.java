package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An OTLP endpoint that is closed, or accepts connections and never answers: a real child JVM with
 * the real exporters makes spans and closes, and must exit within the export timeout, with one
 * warning and every undelivered span counted.
 */
class ExporterFaultsTest {

  private static final int SPANS = 20;
  private static final Pattern RESULT =
      Pattern.compile("exported=(\\d+) dropped=(\\d+) closeMillis=(\\d+)");

  @TempDir Path dir;

  private Map<String, String> environment(String endpoint, String protocol) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("SPANWEAVE_ENABLED", "true");
    env.put("SPANWEAVE_RUN_ID", "faults");
    env.put("SPANWEAVE_OUTPUT_DIR", dir.toString());
    env.put("OTEL_SERVICE_NAME", "worker");
    env.put("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint);
    env.put("OTEL_EXPORTER_OTLP_PROTOCOL", protocol);
    return env; // the default export timeout: what a user gets
  }

  private static Matcher runBurst(ChildJvm child) throws Exception {
    String line = child.readLine();
    child.awaitSuccess();
    Matcher result = RESULT.matcher(line == null ? "" : line);
    assertThat(result.matches())
        .as("the child printed %s; its log:%n%s", line, child.stderr())
        .isTrue();
    return result;
  }

  private static void assertOneWarningAndTheCountAtClose(ChildJvm child, String destination)
      throws IOException {
    List<String> log = child.stderr().lines().toList();
    assertThat(
            log.stream().filter(line -> line.startsWith("WARNING:") || line.startsWith("SEVERE:")))
        .as("the child's log:%n%s", child.stderr())
        .singleElement()
        .satisfies(
            warning ->
                assertThat(warning)
                    .contains("could not export", destination, "dropped and counted"));
    assertThat(log)
        .as("the child's log")
        .anySatisfy(
            line ->
                assertThat(line)
                    .contains(
                        "spanweave closed: " + SPANS + " spans were not delivered",
                        "0 were delivered"));
  }

  /**
   * A bound far above the 5 s export timeout and far below the 30 s (and more) close used to take.
   */
  private static void assertClosedWithinTheExportTimeout(Matcher result) {
    assertThat(Long.parseLong(result.group(3))).as("close() in milliseconds").isLessThan(15_000);
  }

  @ParameterizedTest
  @ValueSource(strings = {"http/protobuf", "grpc"})
  void aClosedPortCostsCloseAtMostTheExportTimeoutAndEverySpanIsCounted(String protocol)
      throws Exception {
    int closedPort;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = probe.getLocalPort();
    }
    String endpoint = "http://127.0.0.1:" + closedPort;

    try (ChildJvm child =
        ChildJvm.start(dir, environment(endpoint, protocol), "burst", String.valueOf(SPANS))) {
      Matcher result = runBurst(child);

      assertThat(result.group(1)).isEqualTo("0");
      assertThat(result.group(2)).as("dropped").isEqualTo(String.valueOf(SPANS));
      assertClosedWithinTheExportTimeout(result);
      assertOneWarningAndTheCountAtClose(child, "127.0.0.1:" + closedPort);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"http/protobuf", "grpc"})
  void anEndpointThatAcceptsAndNeverAnswersCostsCloseAtMostTheExportTimeout(String protocol)
      throws Exception {
    try (BlackHole hole = new BlackHole()) {
      String endpoint = "http://127.0.0.1:" + hole.port();

      try (ChildJvm child =
          ChildJvm.start(dir, environment(endpoint, protocol), "burst", String.valueOf(SPANS))) {
        Matcher result = runBurst(child);

        assertThat(hole.accepted()).as("connections the exporter opened").isPositive();
        assertThat(result.group(1)).isEqualTo("0");
        assertThat(result.group(2)).as("dropped").isEqualTo(String.valueOf(SPANS));
        assertClosedWithinTheExportTimeout(result);
        assertOneWarningAndTheCountAtClose(child, "127.0.0.1:" + hole.port());
      }
    }
  }

  /** Accepts every connection, reads nothing, answers nothing. */
  static final class BlackHole implements AutoCloseable {
    private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final List<Socket> held = new ArrayList<>();
    private final Thread acceptor = new Thread(this::accept, "black-hole");

    BlackHole() throws IOException {
      acceptor.setDaemon(true);
      acceptor.start();
    }

    private void accept() {
      while (!server.isClosed()) {
        try {
          Socket socket = server.accept();
          synchronized (held) {
            held.add(socket);
          }
        } catch (IOException e) {
          return;
        }
      }
    }

    int port() {
      return server.getLocalPort();
    }

    int accepted() {
      synchronized (held) {
        return held.size();
      }
    }

    @Override
    public void close() throws IOException {
      server.close();
      synchronized (held) {
        for (Socket socket : held) {
          socket.close();
        }
      }
    }
  }

  @Test
  void theDefaultExportTimeoutIsAFewSecondsAndOtelBspExportTimeoutSetsIt() {
    assertThat(TraceConfig.builder().build().batch().timeout())
        .isEqualTo(java.time.Duration.ofSeconds(5));
    assertThat(
            TraceConfig.fromEnvironment(Map.of("OTEL_BSP_EXPORT_TIMEOUT", "1500"))
                .batch()
                .timeout())
        .isEqualTo(java.time.Duration.ofMillis(1500));
  }
}
