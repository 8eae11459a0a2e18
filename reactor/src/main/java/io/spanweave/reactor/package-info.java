/**
 * Reactor support: {@code @Traced} methods that return {@code Mono} or {@code Flux} get one span
 * per subscription, from subscribe to the last signal. Generated delegates call {@link
 * io.spanweave.reactor.ReactiveStages}; application code may read a stage's context inside its
 * operators with {@link io.spanweave.reactor.ReactiveStages#traceContext}.
 */
package io.spanweave.reactor;
