package io.spanweave.runtime.internal.guard;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.GuardrailFields;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the run-time guardrails took out of one run, per key: attributes dropped (a payload key),
 * attributes redacted (a secret key, or text that looks like a credential) and events dropped (a
 * payload name). Said once in the log, the first time anything is taken out, naming the keys and
 * never a value; kept up to date in {@value GuardrailFields#FILE_NAME} beside the run's trace file
 * (at most once a second while spans come, and at close), where the viewer's {@code /api/status}
 * reads it. Thread-safe: the collector's request threads and the export worker share one.
 */
public final class GuardrailReport {

  /**
   * Distinct keys counted by name; past them, keys are counted under {@value #OTHER_KEYS}, so a
   * sender cannot grow this without bound.
   */
  static final int MAX_KEYS = 1000;

  static final String OTHER_KEYS = "(other keys)";
  private static final long WRITE_INTERVAL_NANOS = 1_000_000_000L;
  private static final JsonFactory JSON = new JsonFactory();

  private final String runId;
  private final Path file;
  private final boolean enabled;
  private final Map<String, LongAdder> dropped = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> redacted = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> droppedEvents = new ConcurrentHashMap<>();
  private final AtomicBoolean said = new AtomicBoolean();
  private volatile boolean changed;
  private long lastWrite;

  /**
   * Starts the report of a run and writes its file at once, so the viewer knows whether the
   * guardrails are on from the start; a run that turned them off says so in the log, every time.
   *
   * @param file where to keep the counts, or {@code null} to keep them in memory only
   */
  public static GuardrailReport start(String runId, Path file, boolean enabled) {
    GuardrailReport report = new GuardrailReport(runId, file, enabled);
    if (!enabled) {
      System.getLogger("io.spanweave")
          .log(
              Level.WARNING,
              "spanweave guardrails OFF for run "
                  + runId
                  + " (SPANWEAVE_GUARDRAILS=off or TraceConfig.guardrails(false)): spans from workers, engines and this "
                  + "application's own OpenTelemetry are written as they come, prompts, messages and secrets included. "
                  + "Turn them back on as soon as you are done debugging.");
    }
    report.write();
    return report;
  }

  private GuardrailReport(String runId, Path file, boolean enabled) {
    this.runId = runId;
    this.file = file;
    this.enabled = enabled;
  }

  /** Whether the guardrails apply to this run's spans. */
  public boolean enabled() {
    return enabled;
  }

  /** An attribute under {@code key} was left out. */
  public void droppedAttribute(String key) {
    count(dropped, key);
  }

  /** The text of an attribute under {@code key} was redacted. */
  public void redactedAttribute(String key) {
    count(redacted, key);
  }

  /** An event named {@code name} was left out. */
  public void droppedEvent(String name) {
    count(droppedEvents, name);
  }

  private void count(Map<String, LongAdder> counts, String key) {
    LongAdder counter = counts.get(key);
    if (counter == null) {
      String counted = counts.size() < MAX_KEYS ? key : OTHER_KEYS;
      counter = counts.computeIfAbsent(counted, k -> new LongAdder());
    }
    counter.increment();
    changed = true;
  }

  /**
   * After a request or a batch: says the first time anything was taken out, and writes the file
   * when something changed and the last write is a second old.
   */
  public void batchDone() {
    if (!changed) {
      return;
    }
    if (said.compareAndSet(false, true)) {
      System.getLogger("io.spanweave")
          .log(
              Level.INFO,
              "spanweave guardrails took content out of spans reaching run "
                  + runId
                  + ": dropped "
                  + keys(dropped)
                  + " attributes, redacted "
                  + keys(redacted)
                  + " attributes, dropped "
                  + keys(droppedEvents)
                  + " events (payloads and secrets, as the lint rules define them; the spans are kept). "
                  + "Counts per key: "
                  + (file == null
                      ? "the viewer's /api/status"
                      : file + " and the viewer's /api/status")
                  + ". This is said once.");
      write();
      return;
    }
    synchronized (this) {
      if (System.nanoTime() - lastWrite < WRITE_INTERVAL_NANOS) {
        return;
      }
    }
    write();
  }

  /** Writes the counts as they are at close. */
  public void close() {
    if (changed) {
      write();
    }
  }

  /** Counts per key, sorted: dropped attributes. */
  public Map<String, Long> droppedAttributes() {
    return snapshot(dropped);
  }

  /** Counts per key, sorted: redacted attributes. */
  public Map<String, Long> redactedAttributes() {
    return snapshot(redacted);
  }

  /** Counts per name, sorted: dropped events. */
  public Map<String, Long> droppedEvents() {
    return snapshot(droppedEvents);
  }

  private static Map<String, Long> snapshot(Map<String, LongAdder> counts) {
    Map<String, Long> copy = new TreeMap<>();
    counts.forEach((key, count) -> copy.put(key, count.sum()));
    return copy;
  }

  private static String keys(Map<String, LongAdder> counts) {
    return counts.isEmpty() ? "no" : new TreeSet<>(counts.keySet()).toString();
  }

  private synchronized void write() {
    changed = false;
    lastWrite = System.nanoTime();
    if (file == null) {
      return;
    }
    // Not "*.tmp": in the traces folder that names a part being compressed.
    Path temporary = file.resolveSibling("." + file.getFileName() + ".new");
    try {
      Files.createDirectories(file.getParent());
      try (OutputStream out = Files.newOutputStream(temporary);
          JsonGenerator json = JSON.createGenerator(out)) {
        json.writeStartObject();
        json.writeBooleanField(GuardrailFields.ENABLED, enabled);
        writeCounts(json, GuardrailFields.DROPPED_ATTRIBUTES, dropped);
        writeCounts(json, GuardrailFields.REDACTED_ATTRIBUTES, redacted);
        writeCounts(json, GuardrailFields.DROPPED_EVENTS, droppedEvents);
        json.writeEndObject();
      }
      Files.move(
          temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      TracingFaults.report(
          "guardrails",
          "could not write "
              + file
              + "; the guardrails still apply, only their counts "
              + "are missing from the viewer",
          e);
    }
  }

  private static void writeCounts(JsonGenerator json, String field, Map<String, LongAdder> counts)
      throws IOException {
    json.writeObjectFieldStart(field);
    for (Map.Entry<String, Long> entry : snapshot(counts).entrySet()) {
      json.writeNumberField(entry.getKey(), entry.getValue());
    }
    json.writeEndObject();
  }
}
