package com.acme.scoring;

import org.springframework.stereotype.Service;

/** Stands in for a model call. No tracing code: the starter puts TracedGenerator around it. */
@Service
public class EchoGenerator implements Generator {

  @Override
  public Completion generate(String sampleId, String prompt) {
    String text = prompt.toUpperCase();
    return new Completion(text, text.split(" ").length);
  }
}
