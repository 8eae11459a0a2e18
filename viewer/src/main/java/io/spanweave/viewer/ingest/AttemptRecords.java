package io.spanweave.viewer.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.conventions.RunAttemptFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;

/**
 * The attempt records of the run folders the viewer reads ({@code
 * <runDir>/attempts/attempt-000002.json}, see {@link RunAttemptFiles}): who started each attempt,
 * when, where it resumed and whether it closed. A trace file that is not in a run folder (an
 * external collector's file) has none; its attempts are known from the spans alone. Read again at
 * every poll: the folder holds a few small files.
 */
public final class AttemptRecords {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One attempt's record; {@code resumeStep} and {@code endUnixNano} null when it has none. */
  public record Attempt(
      int attempt,
      String runId,
      String service,
      Long pid,
      String host,
      Long startUnixNano,
      Long endUnixNano,
      Long resumeStep,
      boolean closed) {}

  private volatile List<Attempt> all = List.of();

  /** The records read by the last {@link #poll}, by run and attempt. */
  public List<Attempt> all() {
    return all;
  }

  /**
   * Reads the records of the run folders of these trace files ({@code
   * <runDir>/traces/traces.jsonl}) and tells {@code live} which attempts started.
   */
  void poll(List<Path> traceFiles, LiveSpans live) {
    List<Attempt> read = new ArrayList<>();
    for (Path traceFile : traceFiles) {
      Path traces = traceFile.getParent();
      if (traces == null
          || traces.getFileName() == null
          || !traces.getFileName().toString().equals("traces")
          || traces.getParent() == null) {
        continue;
      }
      Path runDir = traces.getParent();
      read.addAll(
          readFolder(
              runDir.resolve(RunAttemptFiles.DIRECTORY), String.valueOf(runDir.getFileName())));
    }
    read.sort(Comparator.comparing(Attempt::runId).thenComparingInt(Attempt::attempt));
    for (Attempt a : read) {
      live.attemptStarted(a.runId(), a.attempt());
    }
    all = List.copyOf(read);
  }

  /**
   * @param folderRun the run folder's name, the run of a record that does not say
   */
  static List<Attempt> readFolder(Path directory, String folderRun) {
    List<Attempt> out = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
      for (Path file : files) {
        OptionalInt number = RunAttemptFiles.attemptOf(file.getFileName().toString());
        if (number.isPresent()) {
          out.add(read(file, number.getAsInt(), folderRun));
        }
      }
    } catch (NoSuchFileException | java.nio.file.NotDirectoryException none) {
      return List.of();
    } catch (IOException e) {
      return out; // listed again at the next poll
    }
    return out;
  }

  /**
   * One record; a file just claimed and not written yet (empty), or unreadable, stands for an
   * attempt that started and whose details are not known.
   */
  private static Attempt read(Path file, int number, String folderRun) {
    JsonNode json;
    try {
      json = JSON.readTree(file.toFile());
    } catch (IOException e) {
      json = null;
    }
    if (json == null || !json.isObject()) {
      return new Attempt(number, folderRun, null, null, null, null, null, null, false);
    }
    return new Attempt(
        number,
        text(json, RunAttemptFiles.RUN_ID, folderRun),
        text(json, RunAttemptFiles.SERVICE, null),
        number(json, RunAttemptFiles.PID),
        text(json, RunAttemptFiles.HOST, null),
        number(json, RunAttemptFiles.START_TIME),
        number(json, RunAttemptFiles.END_TIME),
        number(json, RunAttemptFiles.RESUME_STEP),
        RunAttemptFiles.CLOSED.equals(text(json, RunAttemptFiles.STATE, null)));
  }

  private static String text(JsonNode json, String field, String otherwise) {
    JsonNode v = json.get(field);
    return v == null || v.isNull() ? otherwise : v.asText();
  }

  /**
   * A number written as a number or, as OTLP/JSON writes times, as a string; null when absent or
   * not one.
   */
  private static Long number(JsonNode json, String field) {
    JsonNode v = json.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (v.isIntegralNumber()) {
      return v.asLong();
    }
    try {
      return Long.parseLong(v.asText().trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
