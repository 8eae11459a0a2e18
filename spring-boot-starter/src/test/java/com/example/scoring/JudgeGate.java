package com.example.scoring;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/** Lets a test hold a judgement on the executor while it looks at the span, then release it. */
@Component
public class JudgeGate {

  private volatile CountDownLatch gate = new CountDownLatch(0);

  /** Makes the next judgements wait for {@link #release()}. */
  public void hold() {
    gate = new CountDownLatch(1);
  }

  public void release() {
    gate.countDown();
  }

  void pass() throws InterruptedException {
    if (!gate.await(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the test never released the judge");
    }
  }
}
