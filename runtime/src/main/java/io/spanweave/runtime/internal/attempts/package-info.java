/**
 * Not part of spanweave's API. The attempts of a run: the number a driver claims in the run's
 * folder when it starts, and its record ({@link io.spanweave.conventions.RunAttemptFiles}), which
 * the viewer reads to tell the processes of a resumed run apart.
 */
package io.spanweave.runtime.internal.attempts;
