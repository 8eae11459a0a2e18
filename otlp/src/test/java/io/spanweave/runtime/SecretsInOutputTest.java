package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fake secret planted in every configuration input that can carry one (each header variable and
 * system property, the user-info and query of each endpoint variable, property and builder setting,
 * malformed values, the local collector's token) never shows in anything a real JVM prints: its
 * standard output and error, with every {@code java.util.logging} level on (the startup line, the
 * export warning, exception messages and stack traces, the config's {@code toString()}).
 */
class SecretsInOutputTest {

  @TempDir Path dir;

  private int closedPort;
  private Path loggingConfig;

  /** Each planted secret, by the input it was planted in. */
  private final Map<String, String> planted = new LinkedHashMap<>();

  @BeforeEach
  void setUp() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort =
          socket.getLocalPort(); // nothing listens there once closed: every export fails, and warns
    }
    loggingConfig = dir.resolve("logging.properties");
    Files.writeString(
        loggingConfig,
        String.join(
            "\n",
            "handlers=java.util.logging.ConsoleHandler",
            ".level=ALL",
            "java.util.logging.ConsoleHandler.level=ALL",
            ""));
  }

  private String secret(String input) {
    String secret = "planted" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    planted.put(input, secret);
    return secret;
  }

  /**
   * The standard output and error of {@code ConfigurationChildMain args}, whatever its exit code.
   */
  private String run(Map<String, String> env, List<String> properties, String... args)
      throws Exception {
    List<String> options = new ArrayList<>(properties);
    options.add("-Djava.util.logging.config.file=" + loggingConfig);
    try (ChildJvm child = ChildJvm.start(dir, env, options, ConfigurationChildMain.class, args)) {
      String out = child.awaitOutput();
      return out + child.stderr();
    }
  }

  private void assertNoSecretIn(String output) {
    planted.forEach(
        (input, secret) ->
            assertThat(output)
                .as("the output, with the secret planted in %s; output:%n%s", input, output)
                .doesNotContain(secret));
  }

  @Test
  void secretsInTheOtelVariablesAndPropertiesNeverShow() throws Exception {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("OTEL_TRACES_EXPORTER", "otlp,zipkin");
    env.put(
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "http://user:"
            + secret("OTEL_EXPORTER_OTLP_ENDPOINT user-info")
            + "@127.0.0.1:"
            + closedPort
            + "/?token="
            + secret("OTEL_EXPORTER_OTLP_ENDPOINT query"));
    env.put(
        "OTEL_EXPORTER_OTLP_HEADERS",
        "authorization=Bearer%20" + secret("OTEL_EXPORTER_OTLP_HEADERS"));
    env.put(
        "OTEL_EXPORTER_ZIPKIN_ENDPOINT",
        "http://user:"
            + secret("OTEL_EXPORTER_ZIPKIN_ENDPOINT user-info")
            + "@127.0.0.1:"
            + closedPort
            + "/api/v2/spans?key="
            + secret("OTEL_EXPORTER_ZIPKIN_ENDPOINT query"));
    env.put("OTEL_BSP_EXPORT_TIMEOUT", "1000");
    List<String> properties =
        List.of(
            "-Dotel.exporter.otlp.traces.headers=x-api-key="
                + secret("-Dotel.exporter.otlp.traces.headers"));

    String output = run(env, properties, "builder", dir.resolve("env").toString());

    assertThat(output)
        .as("the startup line and the warning show the endpoint, masked; output:%n%s", output)
        .contains(
            "spanweave tracing on",
            "export=http://[REDACTED]@127.0.0.1:" + closedPort + "/v1/traces",
            "could not export");
    assertNoSecretIn(output);
  }

  @Test
  void secretsInTheTracesOnlyVariablesTheGenericPropertyAndTheCollectorTokenNeverShow()
      throws Exception {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("OTEL_TRACES_EXPORTER", "spanweave,otlp");
    env.put(
        "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
        "http://user:"
            + secret("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT user-info")
            + "@127.0.0.1:"
            + closedPort
            + "/v1/traces?token="
            + secret("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT query"));
    env.put(
        "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
        "x-api-key=" + secret("OTEL_EXPORTER_OTLP_TRACES_HEADERS"));
    env.put("OTEL_BSP_EXPORT_TIMEOUT", "1000");
    List<String> properties =
        List.of(
            "-Dotel.exporter.otlp.endpoint=http://user:"
                + secret("-Dotel.exporter.otlp.endpoint user-info")
                + "@127.0.0.1:"
                + closedPort
                + "/?token="
                + secret("-Dotel.exporter.otlp.endpoint query"),
            "-Dotel.exporter.otlp.headers=authorization=Bearer%20"
                + secret("-Dotel.exporter.otlp.headers"));
    Path tokenFile = dir.resolve("token.txt");

    String output =
        run(env, properties, "builder", dir.resolve("composite").toString(), tokenFile.toString());

    assertThat(output)
        .contains(
            "spanweave tracing on",
            "exporter=spanweave,otlp",
            "traces=",
            "export=http://[REDACTED]@127.0.0.1:" + closedPort + "/v1/traces?token=[REDACTED]");
    String token = Files.readString(tokenFile, StandardCharsets.UTF_8).trim();
    assertThat(token).as("the local collector's token").hasSizeGreaterThan(16);
    planted.put("the local collector's token", token);
    assertNoSecretIn(output);
  }

  @Test
  void secretsInBuilderSettingsAndMalformedBuilderEndpointsNeverShow() throws Exception {
    String secret =
        secret("the builder's endpoint user-info and query, header and malformed endpoints");

    String output =
        run(
            Map.of(),
            List.of(),
            "builder-secrets",
            dir.resolve("builder").toString(),
            Integer.toString(closedPort),
            secret);

    assertThat(output)
        .contains("spanweave tracing on", "config=TraceConfig{", "rejected: Invalid TraceConfig");
    assertNoSecretIn(output);
  }

  @Test
  void malformedSecretBearingVariablesAndPropertiesFailWithoutEchoingTheSecret() throws Exception {
    Map<String, Map<String, String>> envs = new LinkedHashMap<>();
    envs.put(
        "malformed OTEL_EXPORTER_OTLP_TRACES_HEADERS",
        Map.of(
            "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
            "Bearer " + secret("malformed OTEL_EXPORTER_OTLP_TRACES_HEADERS")));
    envs.put(
        "malformed OTEL_EXPORTER_OTLP_HEADERS",
        Map.of(
            "OTEL_EXPORTER_OTLP_HEADERS",
            "x=%zz" + secret("malformed OTEL_EXPORTER_OTLP_HEADERS")));
    envs.put(
        "malformed OTEL_EXPORTER_OTLP_ENDPOINT",
        Map.of(
            "OTEL_EXPORTER_OTLP_ENDPOINT",
            "http//user:" + secret("malformed OTEL_EXPORTER_OTLP_ENDPOINT") + "@collector"));
    envs.put(
        "malformed OTEL_EXPORTER_ZIPKIN_ENDPOINT",
        Map.of(
            "OTEL_EXPORTER_ZIPKIN_ENDPOINT",
            "zipkin:9411/?key=" + secret("malformed OTEL_EXPORTER_ZIPKIN_ENDPOINT")));
    StringBuilder all = new StringBuilder();
    for (Map.Entry<String, Map<String, String>> env : envs.entrySet()) {
      String output =
          run(env.getValue(), List.of(), "builder", dir.resolve("malformed").toString());
      assertThat(output)
          .as("%s fails with a message naming it; output:%n%s", env.getKey(), output)
          .contains("IllegalArgumentException: Invalid ");
      all.append(output);
    }
    String property =
        run(
            Map.of(),
            List.of(
                "-Dotel.exporter.otlp.traces.headers=Bearer "
                    + secret("malformed -Dotel.exporter.otlp.traces.headers")),
            "builder",
            dir.resolve("malformed").toString());
    assertThat(property).contains("-Dotel.exporter.otlp.traces.headers is '<hidden>'");
    all.append(property);
    assertNoSecretIn(all.toString());
  }
}
