package io.spanweave.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import com.google.inject.Injector;
import io.spanweave.testing.SpanRecorder;
import io.spanweave.testing.SpanweaveExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Guice, without Spring: the module binds the traced interface to its generated delegate around the
 * implementation and makes the traced classes' delegates, so what Guice injects records the stages.
 * The module is the one docs/spring-boot.md shows.
 */
@ExtendWith(SpanweaveExtension.class)
class GuiceBindingTest {

  @Test
  void boundInGuiceTheDelegatesRecordEachStageUnderTheAgentLoop(SpanRecorder spans) {
    Injector injector = Guice.createInjector(new RolloutModule());
    assertThat(injector.getInstance(Generator.class)).isInstanceOf(TracedGenerator.class);
    assertThat(injector.getInstance(LengthJudge.class)).isInstanceOf(TracedLengthJudge.class);
    AgentLoop agentLoop = injector.getInstance(AgentLoop.class);
    assertThat(agentLoop).isInstanceOf(TracedAgentLoop.class);

    Verdict verdict = agentLoop.run("sample-g", "one two three four");

    assertThat(verdict.reward()).isEqualTo(1.0);
    spans.assertThat().stage("agent_loop").ranOnce().isRoot().hasMetric("reward", 1.0);
    spans
        .assertThat()
        .stage("generate")
        .ranOnce()
        .hasParent("agent_loop")
        .hasMetric("numTokens", 4)
        .hasAttribute("sample.id", "sample-g");
    spans
        .assertThat()
        .stage("judge")
        .ranOnce()
        .hasParent("agent_loop")
        .hasMetric("reward", 1.0)
        .hasAttribute("sample.id", "sample-g");
  }

  @Test
  void docsSpringBootShowsThisModulesBindings() throws IOException {
    String page =
        Files.readString(
            Path.of(System.getProperty("spanweave.docs.dir"), "spring-boot.md"),
            StandardCharsets.UTF_8);
    String module =
        Files.readString(
            Path.of("src/test/java/io/spanweave/sample/spring/RolloutModule.java"),
            StandardCharsets.UTF_8);
    String bindings =
        module.substring(module.indexOf("  @Provides"), module.lastIndexOf('}')).stripTrailing();
    assertThat(page).contains(bindings);
  }
}
