package io.spanweave.viewer.json;

import java.util.Map;

/**
 * Part of {@code /api/status}: what the runtime's run-time guardrails took out of the spans of the
 * run the viewer reads, as the runtime keeps it beside the trace file ({@code
 * io.spanweave.conventions.GuardrailFields}). Keys and event names with how often, never a value.
 *
 * @param enabled {@code false} when the run turned the guardrails off (its spans were written as
 *     they came)
 * @param droppedAttributes attributes left out because their key names a payload, by key
 * @param redactedAttributes attributes whose text was redacted (a secret key, or a credential in
 *     the text), by key
 * @param droppedEvents events left out whole because their name is a payload name, by name
 */
public record GuardrailStatus(
    boolean enabled,
    Map<String, Long> droppedAttributes,
    Map<String, Long> redactedAttributes,
    Map<String, Long> droppedEvents) {}
