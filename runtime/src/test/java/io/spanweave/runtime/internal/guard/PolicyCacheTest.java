package io.spanweave.runtime.internal.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.conventions.ContentPolicy;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PolicyCacheTest {

  /**
   * Far more distinct names than the table holds, each asked twice, by string and by bytes: every
   * answer is the policy's.
   */
  @Test
  void answersAsThePolicyForEveryNameWhateverHowManyASenderWrites() {
    PolicyCache cache = new PolicyCache();
    String[] kinds = {
      "gen_ai.prompt.%d.content", "worker.%d.api_key", "sample.%d.id", "gen_ai.content.prompt%d"
    };
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 5000; i++) {
        String name = String.format(kinds[i % kinds.length], i);
        byte[] utf8 = ("xx" + name).getBytes(StandardCharsets.UTF_8);
        for (PolicyCache.Decision decision :
            new PolicyCache.Decision[] {cache.of(name), cache.of(utf8, 2, utf8.length - 2)}) {
          assertThat(decision.name()).isEqualTo(name);
          assertThat(decision.action()).as(name).isEqualTo(ContentPolicy.forKey(name));
          assertThat(decision.dropsEvent()).as(name).isEqualTo(ContentPolicy.dropsEvent(name));
        }
      }
    }
  }
}
