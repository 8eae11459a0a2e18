package io.spanweave.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.Trace;
import io.spanweave.runtime.Tracing;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The JUnit Jupiter extension: a recorder per test, from before @BeforeEach to after @AfterEach.
 */
@ExtendWith(SpanweaveExtension.class)
class SpanweaveExtensionTest {

  private SpanRecorder seenInBeforeEach;

  @BeforeEach
  void setUp(SpanRecorder spans) {
    seenInBeforeEach = spans;
    Trace.run("set.up", () -> {});
  }

  @Test
  void theTestGetsItsRecorderWithTheSpansOfItsBeforeEach(SpanRecorder spans) {
    assertThat(spans).isSameAs(seenInBeforeEach);
    assertThat(Tracing.isEnabled()).isTrue();
    Trace.run("test.body", () -> {});
    spans.assertThat().stage("set.up").ranOnce();
    spans.assertThat().stage("test.body").ranOnce();
  }

  @Test
  void eachTestStartsEmpty(SpanRecorder spans) {
    spans.assertThat().stage("test.body").didNotRun();
    spans.assertThat().ran(1).stage("set.up").ranOnce();
  }

  @AfterEach
  void tearDown(SpanRecorder spans) {
    Trace.run("tear.down", () -> {});
    spans.assertThat().stage("tear.down").ranOnce();
  }

  @Nested
  class WithSettings {

    @RegisterExtension
    final SpanweaveExtension tracing =
        SpanweaveExtension.withSettings(config -> config.serviceName("judge-tests"));

    @Test
    void theSettingsApply(SpanRecorder spans) {
      Trace.run("judged", () -> {});
      assertThat(spans.runtime().serviceName()).isEqualTo("judge-tests");
      assertThat(spans.assertThat().stage("judged").ranOnce().span().resource())
          .containsEntry("service.name", "judge-tests");
    }
  }
}
