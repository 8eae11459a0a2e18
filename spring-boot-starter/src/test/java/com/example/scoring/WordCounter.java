package com.example.scoring;

import io.spanweave.annotations.Traced;

/**
 * @Traced on a class: its delegate TracedWordCounter extends it and is made with new.
 */
public class WordCounter {

  @Traced(stage = "count")
  public int count(String text) {
    return text.split(" ").length;
  }
}
