/**
 * The rollout-oriented trace viewer: its command line ({@code Main}, {@code ViewerCommandLine}),
 * the way to start it from Java ({@link io.spanweave.viewer.TraceViewer}), the smoke check and the
 * {@code --compare} command. A run's files (or a backend) are read by {@code ingest} into {@code
 * index}; {@code http} answers the page and the JSON API from {@code query} and {@code views}.
 */
package io.spanweave.viewer;
