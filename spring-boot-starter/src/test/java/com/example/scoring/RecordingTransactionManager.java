package com.example.scoring;

import io.opentelemetry.api.trace.Span;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;

/**
 * A real transaction manager of Spring's (its begin, commit and synchronization) over no resource:
 * it records each transaction's outcome and whether a span was current when it began.
 */
@Component
public class RecordingTransactionManager extends AbstractPlatformTransactionManager {

  /** One per transaction: whether a span was current at its begin, and whether it committed. */
  public record Record(boolean spanCurrentAtBegin, boolean committed) {}

  private final List<Boolean> begun = new CopyOnWriteArrayList<>();
  private final List<Record> finished = new CopyOnWriteArrayList<>();

  public List<Record> finished() {
    return finished;
  }

  public void reset() {
    begun.clear();
    finished.clear();
  }

  @Override
  protected Object doGetTransaction() {
    return new Object();
  }

  @Override
  protected void doBegin(Object transaction, TransactionDefinition definition) {
    begun.add(Span.current().getSpanContext().isValid());
  }

  @Override
  protected void doCommit(DefaultTransactionStatus status) {
    finished.add(new Record(begun.remove(begun.size() - 1), true));
  }

  @Override
  protected void doRollback(DefaultTransactionStatus status) {
    finished.add(new Record(begun.remove(begun.size() - 1), false));
  }
}
