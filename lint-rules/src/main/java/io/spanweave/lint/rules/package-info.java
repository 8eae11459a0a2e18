/**
 * One class per lint rule, each with its id, severity and documentation page in
 * {@code docs/lint-rules/}: it receives what the scanner found in javac's trees (an attribute
 * write, a span name, an import) and reports a violation through the lint context.
 */
package io.spanweave.lint.rules;
