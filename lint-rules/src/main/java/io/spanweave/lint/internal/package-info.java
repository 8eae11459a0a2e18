/**
 * Not part of spanweave's API. Tells the processing environments of build tools and IDEs apart
 * (javac behind Gradle's or IntelliJ's wrappers, Eclipse's compiler), so that the engine finds
 * javac's trees or says which checks the command-line build makes instead.
 */
package io.spanweave.lint.internal;
