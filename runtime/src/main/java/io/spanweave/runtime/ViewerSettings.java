package io.spanweave.runtime;

/**
 * The rollout viewer the driver starts in its own process.
 *
 * @param enabled whether it starts
 * @param host the address it listens on
 * @param port its port; 0 picks a free one
 */
public record ViewerSettings(boolean enabled, String host, int port) {
}
