package io.spanweave.lint;

import java.util.Locale;

/** What a rule's finding does to the build: {@code -Aspanweave.lint.<id>=error|warning|off}. */
public enum Severity {
  /** Fails the compilation. The default of every rule but {@code capture-preview}, which is off. */
  ERROR,
  /** Printed, but the compilation succeeds. */
  WARNING,
  /** The rule does not run at all. */
  OFF;

  /**
   * Parses {@code error}, {@code warning}/{@code warn} or {@code off}, ignoring case; {@code null}
   * if none of these.
   */
  static Severity parse(String text) {
    if (text == null) {
      return null;
    }
    switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "error":
        return ERROR;
      case "warning":
      case "warn":
        return WARNING;
      case "off":
      case "none":
        return OFF;
      default:
        return null;
    }
  }
}
