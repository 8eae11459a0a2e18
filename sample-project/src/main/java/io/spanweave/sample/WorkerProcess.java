package io.spanweave.sample;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A generation worker in a child JVM ({@link WorkerProcessMain}), spoken to over its stdin and
 * stdout: one JSON request per line out, one JSON reply per line back, matched by id, so that many
 * samples can be in flight at once. The child gets the driver's tracing environment ({@code
 * TraceRuntime.childEnvironment()}) and so records its spans in the same run.
 */
final class WorkerProcess implements WorkerChannel, AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final OutputStream requests;
  private final Map<Long, CompletableFuture<Map<String, Object>>> pending =
      new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private final long timeoutMillis;
  private volatile boolean closing;

  private WorkerProcess(Process process, long timeoutMillis) {
    this.process = process;
    this.requests = process.getOutputStream();
    this.timeoutMillis = timeoutMillis;
    Thread replies = new Thread(this::readReplies, "sample-worker-process-replies");
    replies.setDaemon(true);
    replies.start();
  }

  /**
   * Starts the worker JVM with this JVM's class path.
   *
   * @param environment the variables that make the child join the run, from {@code
   *     childEnvironment()}
   * @param log where the child's stderr (its own log lines) goes
   * @param llmUrl the OpenAI-compatible endpoint the child generates with, or {@code null} for the
   *     simulated model
   * @param apiKey the endpoint's key, handed over in the child's environment (never on its command
   *     line)
   */
  static WorkerProcess start(
      Map<String, String> environment,
      SimulatedBehaviour behaviour,
      int threads,
      Path log,
      String llmUrl,
      String llmModel,
      String apiKey) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                WorkerProcessMain.class.getName(),
                "--seed",
                Long.toString(behaviour.seed()),
                "--time-scale",
                Double.toString(behaviour.timeScale()),
                "--threads",
                Integer.toString(threads)));
    if (!behaviour.slowdown().argument().isEmpty()) {
      command.addAll(List.of("--slow-stage", behaviour.slowdown().argument()));
    }
    if (llmUrl != null) {
      command.addAll(List.of("--llm-url", llmUrl, "--llm-model", llmModel));
    }
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(environment);
    if (apiKey != null) {
      builder.environment().put(OpenAiCompatibleLanguageModel.API_KEY_VARIABLE, apiKey);
    }
    try {
      Files.createDirectories(log.getParent());
      builder.redirectError(log.toFile());
      return new WorkerProcess(builder.start(), behaviour.generationTimeoutMillis());
    } catch (IOException e) {
      throw new UncheckedIOException("could not start the worker process", e);
    }
  }

  long pid() {
    return process.pid();
  }

  @Override
  public Map<String, Object> request(Map<String, String> headers, Map<String, Object> sampleState) {
    String rolloutId = String.valueOf(sampleState.get("rolloutId"));
    long id = ids.incrementAndGet();
    CompletableFuture<Map<String, Object>> reply = new CompletableFuture<>();
    pending.put(id, reply);
    try {
      send(Map.of("id", id, "headers", headers, "state", sampleState));
      Map<String, Object> answer = reply.get(timeoutMillis, TimeUnit.MILLISECONDS);
      Object error = answer.get("error");
      if (error != null) {
        throw new WorkerCrash(error.toString(), rolloutId);
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> state = (Map<String, Object>) answer.get("state");
      return state;
    } catch (TimeoutException e) {
      throw new GenerationTimeout(rolloutId, timeoutMillis); // a late reply is dropped
    } catch (ExecutionException | IOException e) {
      throw new WorkerCrash("worker_process_gone", rolloutId);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GenerationCancelled(rolloutId);
    } finally {
      pending.remove(id);
    }
  }

  private void send(Map<String, Object> message) throws IOException {
    byte[] line = (JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8);
    synchronized (requests) {
      requests.write(line);
      requests.flush();
    }
  }

  private void readReplies() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        @SuppressWarnings("unchecked")
        Map<String, Object> reply = JSON.readValue(line, LinkedHashMap.class);
        CompletableFuture<Map<String, Object>> waiting =
            pending.get(((Number) reply.get("id")).longValue());
        if (waiting != null) {
          waiting.complete(reply);
        }
      }
    } catch (IOException | RuntimeException e) {
      if (!closing) {
        System.err.println("sample: lost the worker process: " + e);
      }
    }
    pending
        .values()
        .forEach(
            waiting -> waiting.completeExceptionally(new IOException("the worker process exited")));
  }

  /**
   * Closes the child's stdin and waits for it to exit: it finishes what it has, closes its tracing
   * runtime (sending its last spans to the driver's collector) and exits.
   */
  @Override
  public void close() {
    closing = true;
    try {
      requests.close();
    } catch (IOException e) {
      // already gone
    }
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
