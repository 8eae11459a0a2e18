package io.spanweave.runtime;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The program the configuration tests run in a separate JVM, so that its real environment
 * variables, {@code -D} system properties, standard output and error and every log line are those
 * of a real process. By its first argument:
 *
 * <ul>
 *   <li>{@code builder <outputDir> [<tokenFile>]}: configures with a builder that turns tracing on
 *       ({@code serviceName("from-builder")}), records a span, flushes, prints what it runs with
 *       ({@code enabled=}, {@code service=}, {@code exporter=}, {@code collector=}, {@code
 *       newThreads=}) and closes; with a token file, writes the local collector's token there
 *       (never printed);
 *   <li>{@code builder-secrets <outputDir> <port> <secret>}: the same with {@code secret} in every
 *       builder setting that can carry a credential (endpoint user-info and query, headers), then
 *       prints the config and the messages of malformed settings, as an application would.
 * </ul>
 */
public final class ConfigurationChildMain {

  private ConfigurationChildMain() {}

  public static void main(String[] args) throws Exception {
    Path outputDir = Path.of(args[1]);
    TraceConfig.Builder builder =
        TraceConfig.builder().enabled(true).serviceName("from-builder").outputDir(outputDir);
    if (args[0].equals("builder-secrets")) {
      String secret = args[3];
      builder
          .export(
              new ExportTarget.Otlp(
                  null,
                  "http://user:" + secret + "@127.0.0.1:" + args[2] + "/v1/traces?token=" + secret,
                  OtlpProtocol.HTTP_PROTOBUF,
                  Map.of("authorization", "Bearer " + secret)))
          .batch(batch -> batch.withTimeout(Duration.ofSeconds(1)));
    }
    Set<String> threadsBefore = threadNames();
    TraceRuntime runtime = Tracing.configure(builder.build());
    try (TraceScope step = Trace.span("child.step")) {
      Trace.setAttribute("step", 1);
    }
    runtime.flush();
    Set<String> newThreads = threadNames();
    newThreads.removeAll(threadsBefore);
    System.out.println("enabled=" + runtime.isEnabled());
    System.out.println("service=" + runtime.serviceName());
    System.out.println("exporter=" + runtime.config().export().exporterName());
    System.out.println("collector=" + runtime.collectorEndpoint().isPresent());
    System.out.println("newThreads=" + newThreads);
    System.out.println("config=" + runtime.config());
    if (args[0].equals("builder") && args.length > 2 && runtime.collectorEndpoint().isPresent()) {
      String headers = runtime.childEnvironment().get(TraceEnvironment.OTEL_EXPORTER_OTLP_HEADERS);
      Files.writeString(
          Path.of(args[2]), headers.substring(headers.indexOf("%20") + 3), StandardCharsets.UTF_8);
    }
    runtime.close();
    if (args[0].equals("builder-secrets")) {
      String secret = args[3];
      for (String malformed :
          new String[] {
            "htp//user:" + secret + "@collector",
            "http://user:" + secret + "@ bad host/?t=" + secret
          }) {
        try {
          TraceConfig.builder().export(ExportTarget.otlp(malformed)).build();
        } catch (IllegalArgumentException e) {
          System.err.println("rejected: " + e.getMessage());
        }
      }
    }
  }

  private static Set<String> threadNames() {
    Set<String> names = new TreeSet<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      names.add(thread.getName());
    }
    return names;
  }
}
