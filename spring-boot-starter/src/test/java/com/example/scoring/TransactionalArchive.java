package com.example.scoring;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/** {@code @Transactional} on a bean whose interface is traced: the starter wraps Spring's proxy. */
@Service
public class TransactionalArchive implements Archive {

  @Transactional
  @Override
  public boolean archive(String sampleId) {
    return TransactionSynchronizationManager.isActualTransactionActive();
  }
}
