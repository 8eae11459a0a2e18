package io.spanweave.runtime.internal.attempts;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.RunAttemptFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * The attempt of a run this driver process is: claimed at start as the next free number in {@code
 * <runDir>/attempts}, and kept up to date there (its resume step, how it ended). Every method is
 * safe to call from any thread and never throws: a record that cannot be written is reported once
 * and the run goes on.
 */
public final class RunAttempt {

  private static final JsonFactory JSON = new JsonFactory();

  /**
   * Numbers tried past the highest record seen before giving up (only drivers racing for the same
   * numbers get there).
   */
  private static final int CLAIM_TRIES = 64;

  private final Path file;
  private final int number;
  private final String runId;
  private final String service;
  private final String host;
  private final long startNanos;
  private Long resumeStep; // guarded by this
  private boolean closed; // guarded by this

  private RunAttempt(
      Path file, int number, String runId, String service, long startNanos, Long resumeStep) {
    this.file = file;
    this.number = number;
    this.runId = runId;
    this.service = service;
    this.host = hostName();
    this.startNanos = startNanos;
    this.resumeStep = resumeStep;
  }

  /**
   * Claims the next attempt of the run whose folder is {@code runDir}: one more than the highest
   * recorded, created with {@code CREATE_NEW} so that drivers starting at the same moment each get
   * their own number.
   *
   * @param resumeStep the step the trainer resumed from, or {@code null} when not (yet) known
   * @throws IOException when the folder cannot be read or written
   */
  public static RunAttempt claim(Path runDir, String runId, String service, Long resumeStep)
      throws IOException {
    Path directory = runDir.resolve(RunAttemptFiles.DIRECTORY);
    Files.createDirectories(directory);
    int next = highestRecorded(directory) + 1;
    for (int tries = 0; tries < CLAIM_TRIES; tries++, next++) {
      Path file = directory.resolve(RunAttemptFiles.fileName(next));
      try {
        Files.createFile(file);
      } catch (FileAlreadyExistsException taken) {
        continue; // another driver claimed it between the listing and here
      }
      RunAttempt attempt = new RunAttempt(file, next, runId, service, nowNanos(), resumeStep);
      attempt.write();
      return attempt;
    }
    throw new IOException(
        "could not claim an attempt number in " + directory + " after " + CLAIM_TRIES + " tries");
  }

  private static int highestRecorded(Path directory) throws IOException {
    int highest = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
      for (Path file : files) {
        OptionalInt attempt = RunAttemptFiles.attemptOf(file.getFileName().toString());
        if (attempt.isPresent()) {
          highest = Math.max(highest, attempt.getAsInt());
        }
      }
    }
    return highest;
  }

  /** The attempt's number: 1 for a run's first driver, 2 for the first restart, ... */
  public int number() {
    return number;
  }

  /** The record's file, {@code <runDir>/attempts/attempt-000002.json}. */
  public Path file() {
    return file;
  }

  /** Records the step the trainer resumed from, known only once it has loaded its checkpoint. */
  public void resumedFrom(long step) {
    synchronized (this) {
      if (closed) {
        return;
      }
      resumeStep = step;
    }
    write();
  }

  /** Records that the driver closed its runtime; later calls do nothing. */
  public void closed() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    write();
  }

  /**
   * Writes the whole record beside the file and moves it over, so a reader never sees half of one.
   */
  private synchronized void write() {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      Files.write(temporary, record());
      try {
        Files.move(
            temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException | RuntimeException e) {
      TracingFaults.report(
          "attempt",
          "could not write the record of attempt "
              + number
              + " of run "
              + runId
              + " to "
              + file
              + "; the viewer then knows less about how this attempt ended. Check that the directory is writable",
          e);
    }
  }

  private byte[] record() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    try (JsonGenerator json = JSON.createGenerator((OutputStream) bytes, JsonEncoding.UTF8)) {
      json.writeStartObject();
      json.writeNumberField(RunAttemptFiles.ATTEMPT, number);
      json.writeStringField(RunAttemptFiles.RUN_ID, runId);
      json.writeStringField(RunAttemptFiles.SERVICE, service);
      json.writeNumberField(RunAttemptFiles.PID, ProcessHandle.current().pid());
      json.writeStringField(RunAttemptFiles.HOST, host);
      json.writeStringField(RunAttemptFiles.START_TIME, Long.toString(startNanos));
      if (resumeStep != null) {
        json.writeNumberField(RunAttemptFiles.RESUME_STEP, resumeStep);
      }
      json.writeStringField(
          RunAttemptFiles.STATE, closed ? RunAttemptFiles.CLOSED : RunAttemptFiles.RUNNING);
      if (closed) {
        json.writeStringField(RunAttemptFiles.END_TIME, Long.toString(nowNanos()));
      }
      json.writeEndObject();
    }
    bytes.write('\n');
    return bytes.toByteArray();
  }

  private static long nowNanos() {
    Instant now = Instant.now();
    return TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  @Override
  public String toString() {
    return "attempt " + number + " of run " + runId;
  }
}
