/**
 * The guardrail lint rules' engine, run inside javac (and, for what its annotation model shows,
 * ecj): the processor that drives it, the scanner that walks each compilation unit's trees and
 * hands attribute writes, span names and imports to the rules, the options and suppressions, and
 * the diagnostics that fail the build at the exact element; and the rules themselves, one class per
 * rule ({@code *Rule}), each with its id, severity and documentation page in {@code
 * docs/lint-rules/}: a rule receives what the scanner found in javac's trees (an attribute write, a
 * span name, an import) and reports a violation through the lint context. They share this package
 * with the engine that lists and runs them, so that neither depends on the other's package in a
 * cycle.
 */
package io.spanweave.lint;
