package io.spanweave.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SampleOptionsTest {

  @Test
  void theDefaultsAreTheDemoRun() {
    SampleOptions options = SampleOptions.parse();

    assertThat(options.steps()).isEqualTo(6);
    assertThat(options.samples()).isEqualTo(64);
    assertThat(options.groupSize()).isEqualTo(8);
    assertThat(options.viewer()).isTrue();
    assertThat(options.viewerHost()).isEqualTo("127.0.0.1");
    assertThat(options.viewerPort()).isEqualTo(18080);
    assertThat(options.outputDir()).isEqualTo(Path.of("work_dirs", "trace"));
  }

  @Test
  void flagsTakeTheirValueAfterASpaceOrAnEqualsSign() {
    SampleOptions options =
        SampleOptions.parse(
            "--steps",
            "2",
            "--samples=12",
            "--group-size",
            "3",
            "--no-viewer",
            "--viewer-port=0",
            "--child-workers",
            "0",
            "--exit-when-done",
            "--keep-viewer");

    assertThat(options.steps()).isEqualTo(2);
    assertThat(options.samples()).isEqualTo(12);
    assertThat(options.groupSize()).isEqualTo(3);
    assertThat(options.viewer()).isFalse();
    assertThat(options.viewerPort()).isZero();
    assertThat(options.childWorkers()).isZero();
    assertThat(options.keepViewer())
        .as("the last of --exit-when-done / --keep-viewer wins")
        .isTrue();
    assertThat(SampleOptions.parse("--help").help()).isTrue();
  }

  @Test
  void wrongFlagsAreNamedInTheMessage() {
    assertThatThrownBy(() -> SampleOptions.parse("--samples", "10"))
        .hasMessage("--samples 10 is not a multiple of --group-size 8");
    assertThatThrownBy(() -> SampleOptions.parse("--steps", "many"))
        .hasMessage("--steps needs a whole number, not 'many'");
    assertThatThrownBy(() -> SampleOptions.parse("--viewer-port", "70000"))
        .hasMessageContaining("--viewer-port");
    assertThatThrownBy(() -> SampleOptions.parse("--steps")).hasMessage("--steps needs a value");
    assertThatThrownBy(() -> SampleOptions.parse("--stpes", "3"))
        .hasMessage("unknown option --stpes; see --help");
    assertThatThrownBy(() -> SampleOptions.parse("--slow-stage", "reward=2"))
        .hasMessage(
            "--slow-stage needs STAGE=FACTOR with STAGE one of [generate, judge], such as judge=3, not 'reward=2'");
    assertThatThrownBy(() -> SampleOptions.parse("--slow-stage", "judge=0"))
        .hasMessageContaining("above 0");
  }

  @Test
  void aSlowedStageTakesFactorTimesItsLatencyAndTheTimeoutStays() {
    SampleOptions options = SampleOptions.parse("--slow-stage", "judge=3");
    assertThat(options.slowdown()).isEqualTo(new SimulatedBehaviour.Slowdown("judge", 3.0));
    assertThat(SampleOptions.parse().slowdown()).isEqualTo(SimulatedBehaviour.Slowdown.NONE);

    SimulatedBehaviour plain = new SimulatedBehaviour(5, 1.0);
    SimulatedBehaviour slowJudge = new SimulatedBehaviour(5, 1.0, options.slowdown());
    for (String sample : new String[] {"g1-sample0", "g2-sample3", "g7-sample5"}) {
      assertThat(slowJudge.judging("g1", sample).millis())
          .isEqualTo(plain.judging("g1", sample).millis() * 3);
      assertThat(slowJudge.generation(sample).millis())
          .isEqualTo(plain.generation(sample).millis());
    }
    assertThat(slowJudge.generationTimeoutMillis()).isEqualTo(plain.generationTimeoutMillis());
  }
}
