package io.spanweave.runtime;

/**
 * How much of an attribute value is kept, as {@code io.spanweave.conventions.AttributeValuePolicy}
 * applies it.
 *
 * @param maxStringLength longest string value kept, in characters
 * @param maxArrayLength most elements kept of an array value
 */
public record AttributeLimits(int maxStringLength, int maxArrayLength) {
}
