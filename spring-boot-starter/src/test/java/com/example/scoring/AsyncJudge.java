package com.example.scoring;

import java.util.concurrent.CompletableFuture;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Service;

/**
 * Spring's {@code @Async} and spanweave's {@code @Traced} on the same bean: Spring proxies it, and
 * the starter wraps that proxy by its interface.
 */
@Service
public class AsyncJudge implements Judge {

  private final JudgeGate gate;

  public AsyncJudge(JudgeGate gate) {
    this.gate = gate;
  }

  @Async
  @Override
  public CompletableFuture<String> judge(String sampleId) {
    try {
      gate.pass();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CompletableFuture.failedFuture(e);
    }
    return CompletableFuture.completedFuture(Thread.currentThread().getName());
  }
}
