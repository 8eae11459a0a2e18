package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.conventions.SpanAttributes;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code spanweave.status}: ok, error, cancelled, interrupted, with the exception's type. */
class SpanStatusesTest {

  private static final Stage WORK = Stage.define("Worker.work", "work", Kind.CUSTOM);
  private static final AttributeKey<String> STATUS = AttributeKey.stringKey(SpanAttributes.STATUS);
  private static final AttributeKey<String> ERROR_TYPE =
      AttributeKey.stringKey(SpanAttributes.ERROR_TYPE);

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  @BeforeEach
  void startTracing() {
    SdkTracing.configure(TestRuns.config(dir).build(), spans);
  }

  @AfterEach
  void stopTracing() {
    Tracing.close();
    Thread.interrupted(); // never leak a test's interrupt into the next
  }

  private SpanData last() {
    List<SpanData> finished = spans.getFinishedSpanItems();
    return finished.get(finished.size() - 1);
  }

  private SpanData failWith(Throwable failure) {
    StageSpan span = WORK.start();
    span.fail(failure);
    span.end();
    return last();
  }

  @Test
  void aNormalEndIsOk() {
    WORK.start().end();
    assertThat(last().getAttributes().get(STATUS)).isEqualTo("ok");
    assertThat(last().getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
  }

  @Test
  void aFailureIsAnErrorWithItsType() {
    SpanData span = failWith(new IOException("disk"));
    assertThat(span.getAttributes().get(STATUS)).isEqualTo("error");
    assertThat(span.getAttributes().get(ERROR_TYPE)).isEqualTo("java.io.IOException");
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(failWith(new SocketTimeoutException()).getAttributes().get(STATUS))
        .as("a timeout is no interrupt")
        .isEqualTo("error");
  }

  @Test
  void aCancelledFutureIsCancelled() {
    CompletableFuture<String> future = new CompletableFuture<>();
    StageSpan span = WORK.start();
    span.endWhenComplete(future);
    future.cancel(true);

    assertThat(last().getAttributes().get(STATUS)).isEqualTo("cancelled");
    assertThat(last().getAttributes().get(ERROR_TYPE))
        .isEqualTo("java.util.concurrent.CancellationException");
  }

  @Test
  void interruptionsAreInterruptedWhateverShapeTheyTake() throws Exception {
    assertThat(failWith(new InterruptedException()).getAttributes().get(STATUS))
        .isEqualTo("interrupted");
    assertThat(failWith(new ClosedByInterruptException()).getAttributes().get(STATUS))
        .isEqualTo("interrupted");
    assertThat(failWith(new InterruptedIOException()).getAttributes().get(STATUS))
        .isEqualTo("interrupted");
    assertThat(
            failWith(new ExecutionException(new InterruptedException()))
                .getAttributes()
                .get(ERROR_TYPE))
        .as("seen through the future's wrapper")
        .isEqualTo("java.lang.InterruptedException");
  }

  @Test
  void aThreadInterruptedDuringTheCallIsInterrupted() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    Thread worker =
        new Thread(
            () -> {
              try {
                Trace.call(
                    "sleepy",
                    () -> {
                      started.countDown();
                      Thread.sleep(10_000);
                      return null;
                    });
              } catch (InterruptedException expected) {
                // the span recorded it
              }
            });
    worker.start();
    started.await();
    worker.interrupt();
    worker.join(5_000);

    SpanData span = last();
    assertThat(span.getName()).isEqualTo("sleepy");
    assertThat(span.getAttributes().get(STATUS)).isEqualTo("interrupted");
  }

  @Test
  void aChannelClosedByAnInterruptIsInterrupted() throws Exception {
    Path file = Files.createFile(dir.resolve("data.bin"));
    assertThatThrownBy(
            () ->
                Trace.run(
                    "write",
                    () -> {
                      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                        Thread.currentThread().interrupt();
                        channel.write(ByteBuffer.wrap(new byte[] {1}));
                      }
                    }))
        .isInstanceOf(ClosedByInterruptException.class);
    assertThat(last().getAttributes().get(STATUS)).isEqualTo("interrupted");
  }

  @Test
  void anyFailureWhileTheThreadIsInterruptedIsInterrupted() {
    Thread.currentThread().interrupt();
    assertThat(failWith(new IllegalStateException("stream closed")).getAttributes().get(STATUS))
        .isEqualTo("interrupted");
    assertThat(Thread.interrupted()).as("the flag is left as it was").isTrue();
  }
}
