package io.spanweave.runtime;

import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runfiles.internal.parts.PartNames;
import io.spanweave.runfiles.internal.parts.PartReader;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runtime.internal.parts.PartCompressor;
import io.spanweave.runtime.internal.parts.PartSummaries;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a run's file of finished spans, which the runtime writes as parts ({@link
 * RunFileSettings}):
 *
 * <pre>
 * &lt;runDir&gt;/traces/traces-000001.jsonl.gz   closed parts, oldest first, compressed in the background
 * &lt;runDir&gt;/traces/traces-000002.jsonl      a closed part not compressed (yet)
 * &lt;runDir&gt;/traces/traces.jsonl             the part being written ({@link TraceRuntime#traceFile()})
 * </pre>
 *
 * Each part is OTLP JSON lines once decompressed; read in this order they are the whole run. A
 * single {@code traces.jsonl} without parts (an older run, the OpenTelemetry Collector's file
 * exporter) is a run of one part.
 *
 * <pre>{@code
 * RunParts.Outcome outcome = RunParts.forEachLine(runtime.traceFile(), (part, number, line) -> handle(line));
 * outcome.skipped().forEach(System.err::println);   // parts deleted or cut short, if any
 * }</pre>
 *
 * <p>Reading while the run is written is safe: a part closed, compressed or deleted meanwhile is
 * looked up again, and the last line of {@code traces.jsonl}, not yet ended by a newline, is left
 * out.
 */
public final class RunParts {

  /**
   * One file of the run: a closed part ({@code sequence} 1, 2, ...; {@code extension} the codec's,
   * such as {@code gz}, or {@code null} when plain) or the part being written (sequence 0).
   */
  public record Part(Path path, long sequence, String extension) {
    /** Whether this is {@code traces.jsonl}, the part being written. */
    public boolean beingWritten() {
      return sequence == 0;
    }

    /** Whether the file is compressed. */
    public boolean compressed() {
      return extension != null;
    }
  }

  /** Receives each line of the run. */
  @FunctionalInterface
  public interface LineHandler {
    /**
     * @param part the file the line is in
     * @param lineNumber the line's number in that part, from 1
     * @param line the line without its newline: one OTLP/JSON {@code ExportTraceServiceRequest}
     * @throws IOException to stop reading; {@link #forEachLine} throws it on
     */
    void line(Part part, long lineNumber, String line) throws IOException;
  }

  /**
   * What {@link #forEachLine} read.
   *
   * @param parts the files read
   * @param lines the non-blank lines handed over
   * @param skipped one sentence per part, or rest of a part, that could not be read (deleted before
   *     it was opened, a compressed part cut short), naming the file
   */
  public record Outcome(int parts, long lines, List<String> skipped) {}

  private RunParts() {}

  /**
   * The file of the part being written for {@code path}: {@code path} itself when it is a file or
   * does not exist, {@code <path>/traces/traces.jsonl} for a run folder, {@code
   * <path>/traces.jsonl} for the folder of the parts.
   */
  public static Path activeFile(Path path) {
    if (!Files.isDirectory(path)) {
      return path;
    }
    Path traces = path.resolve("traces");
    return Files.isDirectory(traces)
        ? traces.resolve(RunLayout.TRACE_FILE_NAME)
        : path.resolve(RunLayout.TRACE_FILE_NAME);
  }

  /**
   * Every file of the run, in reading order. A part present both plain and compressed (while it is
   * being compressed) is listed once, as the plain file, which is complete.
   *
   * @param path the run's {@code traces.jsonl} (as {@link TraceRuntime#traceFile()} returns), its
   *     folder, or the run folder; see {@link #activeFile(Path)}
   */
  public static List<Part> list(Path path) throws IOException {
    return PartReader.list(activeFile(path)).stream().map(RunParts::part).toList();
  }

  /** The content of one part as OTLP JSON lines, decompressed when the part is compressed. */
  public static InputStream open(Part part) throws IOException {
    return PartReader.open(
        io.spanweave.runfiles.internal.parts.Part.stored(
            part.path(),
            part.beingWritten() ? io.spanweave.runfiles.internal.parts.Part.LIVE : part.sequence(),
            part.compressed() ? part.extension() : ""));
  }

  /**
   * Hands every whole line of the run to {@code handler}, part by part in order.
   *
   * @param path as for {@link #list(Path)}
   * @throws IOException when the folder cannot be listed, or as {@code handler} throws
   */
  public static Outcome forEachLine(Path path, LineHandler handler) throws IOException {
    PartReader.Outcome outcome =
        PartReader.read(
            activeFile(path), (part, number, line) -> handler.line(part(part), number, line));
    return new Outcome(outcome.parts(), outcome.lines(), outcome.skipped());
  }

  /**
   * Compresses, on the calling thread, every closed part of the run that is still plain: those the
   * runtime closed before its background compression reached them, or that a killed process left
   * (whose temporary files it deletes). Each part it compresses is summarised for the viewer, as
   * the runtime summarises the parts it compresses, and so is every other closed part without a
   * matching summary; temporary summary files of processes no longer alive are deleted, and the run
   * manifest, when the run has one, is written anew. Safe while the run is written: closed parts
   * never change, and the part being written is left alone.
   *
   * @param path as for {@link #list(Path)}
   * @param codec {@code gzip}, or the name of a codec module on the class path
   * @return the number of parts compressed
   * @throws IllegalArgumentException when no codec has that name
   */
  public static long compressClosedParts(Path path, String codec) {
    RunPartCodec found =
        PartCodecs.find(codec)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "no part codec named '"
                            + codec
                            + "' is on the class path; use one of "
                            + PartCodecs.names()));
    PartNames names = new PartNames(activeFile(path));
    PartSummaries summaries = PartSummaries.onCallingThread(names);
    long compressed = new PartCompressor(names, found, summaries).recoverNow();
    summaries.completeNow();
    return compressed;
  }

  /**
   * {@code java -cp <the runtime's class path> io.spanweave.runtime.RunParts list|compress <run>}:
   * lists the parts of a run (path, size), or compresses its closed parts still plain with gzip.
   * Exits 0, or 2 on bad arguments.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 2 || !(args[0].equals("list") || args[0].equals("compress"))) {
      System.err.println(
          "usage: java -cp <class path> io.spanweave.runtime.RunParts list|compress "
              + "<run folder, or its traces.jsonl>");
      System.exit(2);
    }
    Path run = Path.of(args[1]);
    if (args[0].equals("compress")) {
      long compressed = compressClosedParts(run, RunFileSettings.GZIP);
      System.out.println(
          "spanweave parts: compressed "
              + compressed
              + (compressed == 1 ? " part of " : " parts of ")
              + activeFile(run).getParent());
    }
    for (Part part : list(run)) {
      System.out.println(part.path() + "\t" + Files.size(part.path()));
    }
  }

  /**
   * The run-files part as this class has always shown it: sequence 0 while written, a {@code null}
   * extension when plain.
   */
  private static Part part(io.spanweave.runfiles.internal.parts.Part part) {
    return new Part(
        part.path(),
        part.live() ? 0 : part.sequence(),
        part.compressed() ? part.extension() : null);
  }
}
