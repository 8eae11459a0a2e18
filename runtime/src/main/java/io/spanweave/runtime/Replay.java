package io.spanweave.runtime;

import io.spanweave.runtime.internal.collector.TraceFileReplay;
import io.spanweave.runtime.internal.tls.PemTls;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sends a run's {@code traces.jsonl}, all its parts in order ({@link RunParts}), to an OTLP/HTTP
 * endpoint later, for example the spans an endpoint that was down never received ({@link
 * TraceConfig#keepLocalFile()}). Ids are unchanged, so a backend that deduplicates by span id does
 * not count a span twice.
 *
 * <pre>
 * java -cp &lt;the runtime's class path&gt; io.spanweave.runtime.Replay &lt;traces.jsonl or run folder&gt; &lt;endpoint&gt;
 *     [--header Name=value]...
 * </pre>
 *
 * {@code endpoint} is a base URL such as {@code http://collector:4318}, to which {@code /v1/traces}
 * is added, or a full URL that already has a path. Header values are URL-encoded as in {@code
 * OTEL_EXPORTER_OTLP_HEADERS} ({@code Authorization=Bearer%20abc}) and never printed. An {@code
 * https} endpoint with a private CA or mTLS is reached with OpenTelemetry's variables, {@code
 * OTEL_EXPORTER_OTLP_CERTIFICATE}, {@code OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE} and {@code
 * OTEL_EXPORTER_OTLP_CLIENT_KEY} (their {@code _TRACES_} forms win; {@code -D} properties win over
 * both), read as a run reads them. Exits 0 when every line was accepted, 1 on the first refusal
 * (naming the line and its part) or when a part could not be read (naming it; the other parts are
 * sent), 2 on bad arguments.
 */
public final class Replay {

  private Replay() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args));
  }

  /** {@link #main} without exiting: the exit status. */
  static int run(String[] args) throws InterruptedException {
    if (args.length < 2 || args.length % 2 != 0) {
      return usage("expected <traces.jsonl> <endpoint> [--header Name=value]...");
    }
    Path file = RunParts.activeFile(Path.of(args[0]));
    try {
      if (RunParts.list(file).isEmpty()) {
        return usage("no trace file or parts of one at " + Path.of(args[0]));
      }
    } catch (java.io.IOException e) {
      return usage("cannot list " + Path.of(args[0]) + ": " + e.getMessage());
    }
    URI url;
    try {
      url = tracesUrl(args[1]);
    } catch (IllegalArgumentException e) {
      return usage(e.getMessage());
    }
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 2; i < args.length; i += 2) {
      int equals = args[i + 1].indexOf('=');
      if (!args[i].equals("--header") || equals <= 0) {
        return usage("expected --header Name=value, not " + args[i] + " <value hidden>");
      }
      headers.put(
          args[i + 1].substring(0, equals).trim(),
          URLDecoder.decode(args[i + 1].substring(equals + 1), StandardCharsets.UTF_8));
    }
    PemTls.Client tls;
    try {
      tls = tls(EnvironmentValues.ofProcess());
    } catch (IllegalArgumentException e) {
      return usage(e.getMessage());
    } catch (java.io.IOException e) {
      System.err.println("spanweave replay: " + e.getMessage());
      return 1;
    }
    try {
      TraceFileReplay.Result result =
          new TraceFileReplay(Duration.ofSeconds(30), tls).replay(file, url, headers);
      System.out.println(
          "spanweave replay: sent "
              + result.requests()
              + " requests ("
              + result.spans()
              + " spans) from "
              + result.parts()
              + (result.parts() == 1 ? " part of " : " parts of ")
              + file
              + " to "
              + TraceFileReplay.printable(url));
      result
          .skipped()
          .forEach(skipped -> System.err.println("spanweave replay: not sent: " + skipped));
      return result.skipped().isEmpty() ? 0 : 1;
    } catch (java.io.IOException e) {
      System.err.println("spanweave replay: " + e.getMessage());
      return 1;
    }
  }

  /**
   * The TLS context OpenTelemetry's certificate variables in {@code env} ask for, or {@code null}
   * for the JDK's.
   */
  static PemTls.Client tls(Map<String, String> env) throws java.io.IOException {
    return tls(EnvironmentValues.of(env));
  }

  /**
   * The TLS context the certificate variables (or their {@code -D} properties) ask for, read as a
   * run reads them ({@link ExporterTlsSettings}), or {@code null} for the JDK's.
   *
   * @throws IllegalArgumentException naming the variable that is wrong, such as a certificate
   *     without its key
   */
  private static PemTls.Client tls(EnvironmentValues env) throws java.io.IOException {
    ExporterTlsSettings tls = ExporterTlsSettings.DEFAULT.withEnvironment(env);
    return tls.isDefault()
        ? null
        : PemTls.client(tls.trustedCertificates(), tls.clientCertificate(), tls.clientKey());
  }

  static URI tracesUrl(String endpoint) {
    URI url;
    try {
      url = URI.create(endpoint);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("endpoint is not a URL; use e.g. http://collector:4318");
    }
    if (url.getScheme() == null
        || !(url.getScheme().equals("http") || url.getScheme().equals("https"))
        || url.getHost() == null) {
      throw new IllegalArgumentException(
          "endpoint is not an http(s) URL; use e.g. http://collector:4318");
    }
    String path = url.getRawPath();
    return path == null || path.isEmpty() || path.equals("/") ? url.resolve("/v1/traces") : url;
  }

  private static int usage(String problem) {
    System.err.println(
        "spanweave replay: "
            + problem
            + "\nusage: java -cp <class path> io.spanweave.runtime.Replay "
            + "<traces.jsonl> <endpoint> [--header Name=value]...");
    return 2;
  }
}
