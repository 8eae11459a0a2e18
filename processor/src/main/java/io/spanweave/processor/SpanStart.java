package io.spanweave.processor;

import com.palantir.javapoet.ClassName;

/**
 * How the span of a traced method starts: plainly under the current context, across a boundary
 * through a carrier parameter, or with an advice given one parameter (or a batch of them).
 *
 * @param how which {@code Stage} method starts the span
 * @param parameter the carrier or advice argument; {@code null} for {@link How#PLAIN}
 * @param advice the advice class for {@link How#ADVICE} and {@link How#ADVICE_BATCH}
 */
record SpanStart(How how, String parameter, ClassName advice) {

  enum How {
    PLAIN,
    OUTBOUND,
    INBOUND,
    ADVICE,
    ADVICE_BATCH
  }

  static final SpanStart PLAIN = new SpanStart(How.PLAIN, null, null);

  boolean hasAdvice() {
    return advice != null;
  }
}
