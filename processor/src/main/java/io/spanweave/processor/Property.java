package io.spanweave.processor;

import javax.lang.model.type.TypeMirror;

/**
 * A readable property of a type as a metric path sees it: a record component, {@code x()}, {@code
 * getX()}, {@code isX()}, or an array's {@code length}.
 *
 * @param name the path segment, such as {@code numTokens}
 * @param access the Java code that reads it after a dot, such as {@code getNumTokens()}
 * @param type the property's type
 */
record Property(String name, String access, TypeMirror type) {}
