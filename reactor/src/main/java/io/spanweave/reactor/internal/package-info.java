/** The operators behind {@code ReactiveStages}; not part of spanweave's API. */
package io.spanweave.reactor.internal;
