package io.spanweave.conventions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads an attribute key, a map key or a parameter name as lower-case words, the way a person reads
 * it: split on {@code .}, {@code _}, {@code -}, spaces and camelCase boundaries, so that {@code
 * gen_ai.usage.inputTokens}, {@code X-Api-Key} and {@code APIKey} read as {@code gen ai usage input
 * tokens}, {@code x api key} and {@code api key}.
 */
public final class KeyWords {

  private KeyWords() {}

  /**
   * The words of {@code key}, lower case, in order; empty for {@code null} or a key without letters
   * or digits.
   */
  public static List<String> words(String key) {
    List<String> words = new ArrayList<>();
    if (key == null) {
      return words;
    }
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (!Character.isLetterOrDigit(c)) {
        flush(word, words);
        continue;
      }
      if (word.length() > 0 && startsNewWord(key, i)) {
        flush(word, words);
      }
      word.append(c);
    }
    flush(word, words);
    return words;
  }

  /** camelCase and acronyms: a boundary before "T" in "inputTokens", before "K" in "APIKey". */
  private static boolean startsNewWord(String key, int i) {
    char previous = key.charAt(i - 1);
    char c = key.charAt(i);
    if (Character.isUpperCase(c)) {
      if (Character.isLowerCase(previous) || Character.isDigit(previous)) {
        return true;
      }
      return Character.isUpperCase(previous)
          && i + 1 < key.length()
          && Character.isLowerCase(key.charAt(i + 1));
    }
    return false;
  }

  private static void flush(StringBuilder word, List<String> words) {
    if (word.length() > 0) {
      words.add(word.toString().toLowerCase(Locale.ROOT));
      word.setLength(0);
    }
  }
}
