package com.example.scoring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * {@code @Traced} on a class with Spring's {@code @Transactional}: Spring makes {@code
 * TracedRewardLedger} and its transaction proxy subclasses that.
 */
@Service
@Transactional
public class RewardLedger {

  /** Whether a transaction is open while the reward is recorded. */
  @Traced(stage = "record_reward", kind = Kind.REWARD)
  public boolean record(@TraceAttribute("sample.id") String sampleId) {
    return TransactionSynchronizationManager.isActualTransactionActive();
  }
}
