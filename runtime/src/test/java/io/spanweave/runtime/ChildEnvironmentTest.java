package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.conventions.SpanAttributes;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link TraceRuntime#childEnvironment()} hands a worker that knows nothing of spanweave: the
 * standard OpenTelemetry variables carry the run id, the collector's address (in the traces
 * variants too, which inference engines read alone), the protocol and the token; and the table in
 * {@code docs/deployment.md} says exactly what travels.
 */
class ChildEnvironmentTest {

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  /** {@code key=value,...} with URL-encoded values, read as every OpenTelemetry SDK reads it. */
  private static Map<String, String> keyValues(String text) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String pair : text.split(",")) {
      int equals = pair.indexOf('=');
      values.put(
          pair.substring(0, equals).trim(),
          URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
    }
    return values;
  }

  @Test
  void theRunIdTravelsInTheStandardResourceVariableBesideTheDriversOwnAttributes() {
    TraceRuntime driver =
        Tracing.configure(
            TestRuns.config(dir)
                .serviceName("driver")
                .resourceAttribute("team", "rl")
                .resourceAttribute("deployment.environment", "prod, eu=1")
                .build());

    Map<String, String> env = driver.childEnvironment();

    assertThat(keyValues(env.get("OTEL_RESOURCE_ATTRIBUTES")))
        .containsExactly(
            Map.entry("team", "rl"),
            Map.entry("deployment.environment", "prod, eu=1"),
            Map.entry(SpanAttributes.RUN_ID, driver.runId()),
            Map.entry(SpanAttributes.RUN_ATTEMPT, "1"));
    assertThat(env).containsEntry("OTEL_SERVICE_NAME", "driver");
    // A Java child reads it back as the same run, with the driver's own attributes and its attempt
    // as extra ones.
    TraceConfig child =
        TraceConfig.fromEnvironment(
            Map.of("OTEL_RESOURCE_ATTRIBUTES", env.get("OTEL_RESOURCE_ATTRIBUTES")));
    assertThat(child.runId()).isEqualTo(driver.runId());
    assertThat(child.resourceAttributes())
        .containsOnlyKeys("team", "deployment.environment", SpanAttributes.RUN_ATTEMPT);
  }

  @Test
  void theTracesVariantsNameTheCollectorProtocolAndTokenForEnginesThatReadOnlyThose() {
    TraceRuntime driver = Tracing.configure(TestRuns.config(dir).build());
    String collector = driver.collectorEndpoint().orElseThrow();

    Map<String, String> env = driver.childEnvironment();

    assertThat(env)
        .containsEntry("OTEL_EXPORTER_OTLP_ENDPOINT", collector)
        .containsEntry("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", collector + "/v1/traces")
        .containsEntry("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")
        .containsEntry("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "http/protobuf");
    assertThat(env.get("OTEL_EXPORTER_OTLP_TRACES_HEADERS"))
        .isEqualTo(env.get("OTEL_EXPORTER_OTLP_HEADERS"))
        .matches("Authorization=Bearer%20[0-9a-f]{32}");
    TraceConfig child = TraceConfig.fromEnvironment(env);
    assertThat(TestRuns.otlp(child).tracesUrl()).isEqualTo(collector + "/v1/traces");
    assertThat(TestRuns.otlp(child).headers()).containsOnlyKeys("Authorization");
  }

  @Test
  void theTableInTheDeploymentDocsListsEveryVariableAndItsFixedValues() throws IOException {
    TraceRuntime driver = Tracing.configure(TestRuns.config(dir).build());
    Map<String, String> env = driver.childEnvironment();
    String docs = Files.readString(Path.of("..", "docs", "deployment.md"));
    String table =
        docs.substring(
            docs.indexOf("<!-- child-environment-table -->"),
            docs.indexOf("<!-- end of child-environment-table -->"));

    Set<String> documented = new TreeSet<>();
    Pattern variable = Pattern.compile("`((?:OTEL|SPANWEAVE)_[A-Z_]+)`");
    for (String row : table.lines().filter(line -> line.trim().startsWith("| `")).toList()) {
      String[] cells = row.trim().split("\\|");
      String value = cells[2].trim();
      Matcher names = variable.matcher(cells[1]);
      while (names.find()) {
        String name = names.group(1);
        documented.add(name);
        if (value.startsWith("empty")) {
          assertThat(env).as(name).containsEntry(name, "");
        } else if (value.matches("`[^`<]*`")) {
          assertThat(env).as(name).containsEntry(name, value.substring(1, value.length() - 1));
        }
      }
    }
    assertThat(documented)
        .as("variables in the table of docs/deployment.md")
        .isEqualTo(new TreeSet<>(env.keySet()));
  }
}
