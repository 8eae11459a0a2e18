package io.spanweave.processor;

import java.util.Locale;
import java.util.Set;

/**
 * Picks names for generated locals and constants that cannot collide with the user's parameter
 * names: a parameter called {@code span} must not shadow the generated {@code span}.
 */
final class LocalNames {

  private LocalNames() {}

  /**
   * The first candidate not in {@code taken}, else the first candidate with a numeric suffix; adds
   * it to {@code taken}.
   */
  static String pick(Set<String> taken, String... candidates) {
    for (String candidate : candidates) {
      if (taken.add(candidate)) {
        return candidate;
      }
    }
    for (int i = 2; ; i++) {
      String candidate = candidates[0] + "_" + i;
      if (taken.add(candidate)) {
        return candidate;
      }
    }
  }

  /** {@code generateBatch} becomes {@code GENERATE_BATCH}. */
  static String constantCase(String camelCase) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < camelCase.length(); i++) {
      char c = camelCase.charAt(i);
      boolean boundary =
          i > 0
              && Character.isUpperCase(c)
              && (Character.isLowerCase(camelCase.charAt(i - 1))
                  || (i + 1 < camelCase.length()
                      && Character.isLowerCase(camelCase.charAt(i + 1))));
      if (boundary && out.charAt(out.length() - 1) != '_') {
        out.append('_');
      }
      out.append(c);
    }
    return out.toString().toUpperCase(Locale.ROOT);
  }
}
