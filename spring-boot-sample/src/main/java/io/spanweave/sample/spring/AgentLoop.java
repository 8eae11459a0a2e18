package io.spanweave.sample.spring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import org.springframework.stereotype.Service;

/**
 * One sample from prompt to reward, a traced class whose constructor Spring autowires: its span is
 * the parent of the generate and judge spans.
 */
@Service
public class AgentLoop {

  private final Generator generator;
  private final LengthJudge judge;

  public AgentLoop(Generator generator, LengthJudge judge) {
    this.generator = generator;
    this.judge = judge;
  }

  @Traced(stage = "agent_loop", kind = Kind.ROLLOUT, metrics = "reward")
  public Verdict run(@TraceAttribute("sample.id") String sampleId, String prompt) {
    Completion completion = generator.generate(sampleId, prompt);
    return judge.judge(sampleId, completion, 4);
  }
}
