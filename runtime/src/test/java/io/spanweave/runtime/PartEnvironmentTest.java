package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Each part of a {@link TraceConfig} reads its own variables ({@code withEnvironment}): unset or
 * blank keeps what the part had (the default, or the builder's value), a value of the wrong kind or
 * out of range is an error that names the variable.
 */
class PartEnvironmentTest {

  private static EnvironmentValues env(String... nameValues) {
    Map<String, String> variables = new java.util.LinkedHashMap<>();
    for (int i = 0; i < nameValues.length; i += 2) {
      variables.put(nameValues[i], nameValues[i + 1]);
    }
    return EnvironmentValues.of(variables);
  }

  @Nested
  class Batch {
    @Test
    void unsetOrBlankKeepsTheSettingsItHad() {
      BatchSettings fromCode = BatchSettings.DEFAULT.withDelay(Duration.ofMillis(100));
      assertThat(BatchSettings.DEFAULT.withEnvironment(env())).isEqualTo(BatchSettings.DEFAULT);
      assertThat(fromCode.withEnvironment(env("OTEL_BSP_SCHEDULE_DELAY", " "))).isEqualTo(fromCode);
    }

    @Test
    void readsItsVariablesAndShrinksTheBatchToASmallQueue() {
      BatchSettings batch =
          BatchSettings.DEFAULT.withEnvironment(
              env(
                  "OTEL_BSP_MAX_QUEUE_SIZE",
                  "100",
                  "OTEL_BSP_SCHEDULE_DELAY",
                  "250",
                  "OTEL_BSP_EXPORT_TIMEOUT",
                  "2s"));
      assertThat(batch)
          .isEqualTo(new BatchSettings(100, 100, Duration.ofMillis(250), Duration.ofSeconds(2)));
    }

    @Test
    void aWrongValueNamesTheVariable() {
      assertThatThrownBy(
              () -> BatchSettings.DEFAULT.withEnvironment(env("OTEL_BSP_SCHEDULE_DELAY", "soon")))
          .hasMessageStartingWith("Invalid environment: OTEL_BSP_SCHEDULE_DELAY is 'soon'");
      assertThatThrownBy(
              () -> BatchSettings.DEFAULT.withEnvironment(env("OTEL_BSP_MAX_QUEUE_SIZE", "0")))
          .hasMessage(
              "Invalid environment: OTEL_BSP_MAX_QUEUE_SIZE: batch.queueSize 0 must be at least 1 span");
    }
  }

  @Nested
  class Collector {
    @Test
    void unsetOrBlankKeepsTheSettingsItHad() {
      CollectorSettings fromCode = CollectorSettings.DEFAULT.withPort(4318);
      assertThat(
              fromCode.withEnvironment(
                  env("SPANWEAVE_COLLECTOR_PORT", "", "SPANWEAVE_COLLECTOR_BIND", " ")))
          .isEqualTo(fromCode);
    }

    @Test
    void readsItsVariables() {
      assertThat(
              CollectorSettings.DEFAULT.withEnvironment(
                  env(
                      "SPANWEAVE_COLLECTOR_PORT",
                      "4318",
                      "SPANWEAVE_COLLECTOR_HOST",
                      "10.0.0.5",
                      "SPANWEAVE_COLLECTOR_BIND",
                      "all",
                      "SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES",
                      "2048")))
          .isEqualTo(new CollectorSettings(4318, "10.0.0.5", 2048, "all"));
    }

    @Test
    void aWrongValueNamesTheVariable() {
      assertThatThrownBy(
              () ->
                  CollectorSettings.DEFAULT.withEnvironment(
                      env("SPANWEAVE_COLLECTOR_PORT", "http")))
          .hasMessage(
              "Invalid environment: SPANWEAVE_COLLECTOR_PORT is 'http'; set it to a whole number or unset it");
      assertThatThrownBy(
              () ->
                  CollectorSettings.DEFAULT.withEnvironment(
                      env("SPANWEAVE_COLLECTOR_PORT", "70000")))
          .hasMessageStartingWith("Invalid environment: SPANWEAVE_COLLECTOR_PORT: collector.port");
      assertThatThrownBy(
              () ->
                  CollectorSettings.DEFAULT.withEnvironment(
                      env("SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES", "10")))
          .hasMessageStartingWith(
              "Invalid environment: SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES: collector.maxRequestBytes 10");
    }
  }

  @Nested
  class CollectorTls {
    @Test
    void unsetKeepsTlsOffAndTheFilesGoTogether() {
      assertThat(CollectorTlsSettings.NONE.withEnvironment(env()))
          .isEqualTo(CollectorTlsSettings.NONE);
      CollectorTlsSettings tls =
          CollectorTlsSettings.NONE.withEnvironment(
              env(
                  "SPANWEAVE_COLLECTOR_TLS_CERT",
                  "/c/tls.crt",
                  "SPANWEAVE_COLLECTOR_TLS_KEY",
                  "/c/tls.key"));
      assertThat(tls.certificate()).isEqualTo(Path.of("/c/tls.crt"));
      assertThat(tls.privateKey()).isEqualTo(Path.of("/c/tls.key"));
    }

    @Test
    void aCertificateWithoutItsKeyNamesTheVariableSet() {
      assertThatThrownBy(
              () ->
                  CollectorTlsSettings.NONE.withEnvironment(
                      env("SPANWEAVE_COLLECTOR_TLS_CERT", "/c/tls.crt")))
          .hasMessageStartingWith("Invalid environment: SPANWEAVE_COLLECTOR_TLS_CERT: ")
          .hasMessageContaining("SPANWEAVE_COLLECTOR_TLS_KEY");
    }
  }

  @Nested
  class ExporterTls {
    @Test
    void theTracesFormWinsAndUnsetKeepsTheJdkDefaults() {
      assertThat(ExporterTlsSettings.DEFAULT.withEnvironment(env()))
          .isEqualTo(ExporterTlsSettings.DEFAULT);
      ExporterTlsSettings tls =
          ExporterTlsSettings.DEFAULT.withEnvironment(
              env(
                  "OTEL_EXPORTER_OTLP_CERTIFICATE",
                  "/c/general.pem",
                  "OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE",
                  "/c/traces.pem"));
      assertThat(tls.trustedCertificates()).isEqualTo(Path.of("/c/traces.pem"));
    }

    @Test
    void aClientCertificateWithoutItsKeyNamesTheVariableSet() {
      assertThatThrownBy(
              () ->
                  ExporterTlsSettings.DEFAULT.withEnvironment(
                      env("OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE", "/c/client.crt")))
          .hasMessageStartingWith(
              "Invalid environment: OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE: exporterTls.clientKey is missing");
    }
  }

  @Nested
  class Limits {
    @Test
    void spanweavesVariableWinsOverOpenTelemetrysAndBlankKeepsTheDefault() {
      assertThat(
              AttributeLimits.DEFAULT.withEnvironment(env("SPANWEAVE_MAX_ATTRIBUTE_LENGTH", " ")))
          .isEqualTo(AttributeLimits.DEFAULT);
      assertThat(
              AttributeLimits.DEFAULT.withEnvironment(
                  env(
                      "OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT",
                      "100",
                      "SPANWEAVE_MAX_ATTRIBUTE_LENGTH",
                      "50",
                      "SPANWEAVE_MAX_ARRAY_LENGTH",
                      "8")))
          .isEqualTo(new AttributeLimits(50, 8));
    }

    @Test
    void aWrongValueNamesTheVariable() {
      assertThatThrownBy(
              () ->
                  AttributeLimits.DEFAULT.withEnvironment(
                      env("SPANWEAVE_MAX_ARRAY_LENGTH", "many")))
          .hasMessageStartingWith("Invalid environment: SPANWEAVE_MAX_ARRAY_LENGTH is 'many'");
    }
  }

  @Nested
  class Previews {
    @Test
    void readsItsVariablesAndNamesAWrongOne() {
      assertThat(PreviewSettings.DEFAULT.withEnvironment(env())).isEqualTo(PreviewSettings.DEFAULT);
      assertThat(
              PreviewSettings.DEFAULT.withEnvironment(
                  env("SPANWEAVE_PREVIEWS", "off", "SPANWEAVE_PREVIEW_MAX_BYTES", "512")))
          .isEqualTo(new PreviewSettings(false, 512));
      assertThatThrownBy(
              () -> PreviewSettings.DEFAULT.withEnvironment(env("SPANWEAVE_PREVIEWS", "maybe")))
          .hasMessage(
              "Invalid environment: SPANWEAVE_PREVIEWS is 'maybe'; set it to true or false or unset it");
    }
  }

  @Nested
  class Sampling {
    @Test
    void readsItsVariablesAndNamesAWrongOne() {
      assertThat(SamplingSettings.DEFAULT.withEnvironment(env("OTEL_TRACES_SAMPLER", "")))
          .isEqualTo(SamplingSettings.DEFAULT);
      assertThat(
              SamplingSettings.DEFAULT.withEnvironment(
                  env(
                      "OTEL_TRACES_SAMPLER",
                      "parentbased_traceidratio",
                      "OTEL_TRACES_SAMPLER_ARG",
                      "0.25")))
          .isEqualTo(SamplingSettings.parentBasedRatio(0.25));
      assertThatThrownBy(
              () -> SamplingSettings.DEFAULT.withEnvironment(env("OTEL_TRACES_SAMPLER_ARG", "2")))
          .hasMessageStartingWith("Invalid environment: OTEL_TRACES_SAMPLER_ARG is '2'");
    }
  }

  @Nested
  class Propagation {
    @Test
    void readsItsVariablesAndNamesAWrongOne() {
      assertThat(PropagationSettings.DEFAULT.withEnvironment(env()))
          .isEqualTo(PropagationSettings.DEFAULT);
      assertThat(
              PropagationSettings.DEFAULT.withEnvironment(
                  env("OTEL_PROPAGATORS", "tracecontext", "SPANWEAVE_STRICT_CARRIERS", "yes")))
          .isEqualTo(new PropagationSettings(List.of("tracecontext"), true));
      assertThatThrownBy(
              () ->
                  PropagationSettings.DEFAULT.withEnvironment(
                      env("SPANWEAVE_STRICT_CARRIERS", "strict")))
          .hasMessageStartingWith("Invalid environment: SPANWEAVE_STRICT_CARRIERS is 'strict'");
    }
  }

  @Nested
  class Live {
    @Test
    void readsItsVariablesAndBlankKeepsTheDefault() {
      assertThat(LiveSettings.DEFAULT.withEnvironment(env("SPANWEAVE_LIVE_ENDPOINT", " ")))
          .isEqualTo(LiveSettings.DEFAULT);
      assertThat(
              LiveSettings.DEFAULT.withEnvironment(
                  env("SPANWEAVE_LIVE_ATTRIBUTE_KEYS", "sample.id,rollout.id")))
          .isEqualTo(new LiveSettings(List.of("sample.id", "rollout.id"), null));
    }
  }

  @Nested
  class Viewer {
    @Test
    void readsItsVariablesAndNamesAWrongOne() {
      ViewerSettings fromCode = ViewerSettings.DEFAULT.withEnabled(true);
      assertThat(fromCode.withEnvironment(env("SPANWEAVE_VIEWER_PORT", " "))).isEqualTo(fromCode);
      assertThat(
              ViewerSettings.DEFAULT.withEnvironment(
                  env("SPANWEAVE_VIEWER_ENABLED", "1", "SPANWEAVE_VIEWER_PORT", "9090")))
          .isEqualTo(new ViewerSettings(true, ViewerSettings.DEFAULT_HOST, 9090));
      assertThatThrownBy(
              () -> ViewerSettings.DEFAULT.withEnvironment(env("SPANWEAVE_VIEWER_PORT", "-1")))
          .hasMessageStartingWith("Invalid environment: SPANWEAVE_VIEWER_PORT: viewer.port");
    }
  }

  @Nested
  class RunFiles {
    @Test
    void readsItsVariablesAndNamesAWrongOne() {
      assertThat(RunFileSettings.DEFAULT.withEnvironment(env("SPANWEAVE_PART_CODEC", "")))
          .isEqualTo(RunFileSettings.DEFAULT);
      assertThat(
              RunFileSettings.DEFAULT.withEnvironment(
                  env("SPANWEAVE_PART_MAX_BYTES", "0", "SPANWEAVE_PART_CODEC", "none")))
          .isEqualTo(new RunFileSettings(0, RunFileSettings.NONE));
      assertThatThrownBy(
              () -> RunFileSettings.DEFAULT.withEnvironment(env("SPANWEAVE_PART_MAX_BYTES", "100")))
          .hasMessageStartingWith("Invalid environment: SPANWEAVE_PART_MAX_BYTES is '100'");
    }
  }

  @Nested
  class Run {
    private TraceConfig.Builder builder = TraceConfig.builder();

    @Test
    void guardrailsAndTheLocalFileAreSwitchedByTheirVariables() {
      RunEnvironment.files(
          env("SPANWEAVE_GUARDRAILS", "off", "SPANWEAVE_KEEP_LOCAL_FILE", "on"), builder);
      TraceConfig config = builder.build();
      assertThat(config.guardrails()).isFalse();
      assertThat(config.keepLocalFile()).isTrue();
      assertThatThrownBy(
              () -> RunEnvironment.files(env("SPANWEAVE_GUARDRAILS", "sometimes"), builder))
          .hasMessageStartingWith("Invalid environment: SPANWEAVE_GUARDRAILS is 'sometimes'");
    }

    @Test
    void unsetOrBlankKeepsTheBuildersValues() {
      builder.guardrails(false).resumeStep(7L).rank(3);
      RunEnvironment.files(env("SPANWEAVE_GUARDRAILS", " "), builder);
      RunEnvironment.placement(env("SPANWEAVE_RESUME_STEP", "", "RANK", " "), builder);
      TraceConfig config = builder.build();
      assertThat(config.guardrails()).isFalse();
      assertThat(config.resumeStep()).hasValue(7);
      assertThat(config.rank()).hasValue(3);
    }

    @Test
    void theResumeStepAndTheRanksAreWholeNumbersOfZeroOrMore() {
      RunEnvironment.placement(
          env("SPANWEAVE_RESUME_STEP", "1200", "RANK", "4", "LOCAL_RANK", "0"), builder);
      TraceConfig config = builder.build();
      assertThat(config.resumeStep()).hasValue(1200);
      assertThat(config.rank()).hasValue(4);
      assertThat(config.localRank()).hasValue(0);
      assertThatThrownBy(
              () -> RunEnvironment.placement(env("SPANWEAVE_RESUME_STEP", "-3"), builder))
          .hasMessage(
              "Invalid environment: SPANWEAVE_RESUME_STEP is '-3'; set it to 0 or more or unset it");
      assertThatThrownBy(() -> RunEnvironment.placement(env("SPANWEAVE_RANK", "first"), builder))
          .hasMessageStartingWith("Invalid environment: SPANWEAVE_RANK is 'first'");
      assertThatThrownBy(() -> RunEnvironment.placement(env("RANK", "-1"), builder))
          .hasMessageStartingWith("Invalid environment: RANK is '-1'");
    }

    @Test
    void aRunIdThatCannotNameADirectoryNamesTheVariableItCameFrom() {
      assertThatThrownBy(
              () ->
                  RunEnvironment.identity(
                      env("SPANWEAVE_RUN_ID", "a/b"), TraceConfig.builder().build(), builder))
          .hasMessageStartingWith(
              "Invalid environment: SPANWEAVE_RUN_ID: runId 'a/b' cannot name a directory");
      assertThatThrownBy(
              () ->
                  RunEnvironment.identity(
                      env("OTEL_RESOURCE_ATTRIBUTES", "spanweave.run.id=a%2Fb"),
                      TraceConfig.builder().build(),
                      builder))
          .hasMessageStartingWith("Invalid environment: OTEL_RESOURCE_ATTRIBUTES: runId 'a/b'");
    }
  }
}
