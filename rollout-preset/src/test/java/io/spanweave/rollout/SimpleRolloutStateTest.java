package io.spanweave.rollout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SimpleRolloutStateTest {

  @Test
  void survivesAJsonRoundTripWithThePresetFields() throws Exception {
    SimpleRolloutState state =
        RolloutEndpointTest.sample("json-1").rewardScore(0.5).passed(true).finishReason("stop");
    state.extraFields().put(RolloutFields.ENDPOINT_DEPTH, "2");
    state.extraFields().put(RolloutFields.CALL_CHAIN, "a -> b");
    ObjectMapper json = new ObjectMapper();

    @SuppressWarnings("unchecked")
    Map<String, Object> read = json.readValue(json.writeValueAsString(state.toMap()), Map.class);
    SimpleRolloutState copy = SimpleRolloutState.fromMap(read);

    assertThat(copy.toMap()).isEqualTo(state.toMap());
    assertThat(EndpointDepth.of(copy)).isEqualTo(2);
    assertThat(SampleCallChain.path(copy)).isEqualTo("a -> b");
  }

  @Test
  void aFieldOfTheWrongTypeIsNamed() {
    assertThatThrownBy(() -> SimpleRolloutState.fromMap(Map.of("rolloutId", "x", "step", "three")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "SimpleRolloutState.fromMap: field 'step' is a String; it must be a whole number (or absent)");
  }

  @Test
  void toStringShowsIdsNotExtraFields() {
    SimpleRolloutState state = new SimpleRolloutState("t-1");
    state.extraFields().put("prompt_text", "solve x^2 = 4");

    assertThat(state.toString()).contains("t-1").doesNotContain("solve");
  }
}
