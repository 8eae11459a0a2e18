package com.example.assistant;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

/** The rollout's stages that ask the model: the chat model's spans belong under them. */
public interface Assistant {

  @Traced(stage = "answer", kind = Kind.MODEL)
  String answer(@TraceAttribute("sample.id") String sampleId, String question);

  @Traced(stage = "answer_streamed", kind = Kind.MODEL)
  String answerStreamed(@TraceAttribute("sample.id") String sampleId, String question);
}
