package io.spanweave.sample.spring;

import java.util.Locale;
import org.springframework.stereotype.Service;

/** A stand-in for a model server: answers with the prompt, one token per word. No tracing code. */
@Service
public class EchoGenerator implements Generator {

  @Override
  public Completion generate(String sampleId, String prompt) {
    String text = prompt.toUpperCase(Locale.ROOT);
    return new Completion(text, text.split(" ").length);
  }
}
