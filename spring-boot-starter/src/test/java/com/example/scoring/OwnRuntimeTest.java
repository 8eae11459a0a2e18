package com.example.scoring;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot application without an {@code OpenTelemetry} bean: the starter starts spanweave's
 * own runtime with the context, and closing the context writes every span to the run's {@code
 * traces.jsonl} and turns tracing off.
 */
class OwnRuntimeTest {

  @TempDir Path outputDir;

  @Test
  void withoutAnOpenTelemetryBeanTheStartersRuntimeWritesTracesAndClosesWithTheContext()
      throws Exception {
    TraceRuntime runtime;
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(ScoringApplication.class)
            .web(WebApplicationType.NONE)
            .properties(
                "spanweave.output-dir=" + outputDir,
                "spanweave.run-id=spring-run",
                "spanweave.service-name=scoring",
                "spanweave.resource-attributes.deployment.environment=test")
            .run()) {
      runtime = context.getBean(TraceRuntime.class);
      assertThat(runtime.isEnabled()).isTrue();
      assertThat(Tracing.current()).containsSame(runtime);

      context.getBean(Scorer.class).score("sample-1", "hello");
    }

    assertThat(runtime.isClosed()).isTrue();
    assertThat(Tracing.isEnabled()).isFalse();
    Path traces = outputDir.resolve("spring-run").resolve("traces").resolve("traces.jsonl");
    assertThat(runtime.traceFile()).isEqualTo(traces.toAbsolutePath());
    String written = Files.readString(traces);
    assertThat(written)
        .contains("\"Scorer.score\"")
        .contains("sample-1")
        .contains("\"scoring\"")
        .contains("deployment.environment");
  }

  @Test
  void turnedOffByPropertyNothingIsStartedAndBeansStillWork() {
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(ScoringApplication.class)
            .web(WebApplicationType.NONE)
            .properties("spanweave.output-dir=" + outputDir, "spanweave.enabled=false")
            .run()) {
      assertThat(context.getBean(TraceRuntime.class).isEnabled()).isFalse();
      assertThat(context.getBean(Scorer.class).score("sample-2", "abc").value()).isEqualTo(3.0);
    }
    assertThat(outputDir).isEmptyDirectory();
  }
}
