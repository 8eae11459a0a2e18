/**
 * The guardrail lint rules' engine, run inside javac (and, for what its annotation model shows,
 * ecj): the processor that drives it, the scanner that walks each compilation unit's trees and
 * hands attribute writes, span names and imports to the rules, the options and suppressions, and
 * the diagnostics that fail the build at the exact element. The rules themselves are in
 * {@code io.spanweave.lint.rules}.
 */
package io.spanweave.lint;
