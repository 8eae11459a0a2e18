package com.acme.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an application relies on, whichever OpenTelemetry release its build chose: traced calls
 * are written to the run's traces.jsonl, and the file reads back with every span and attribute.
 * The build runs it once per release (invoker.properties); the SDK version the spans name proves
 * which one ran.
 */
class TraceFileRoundTripTest {

  @TempDir
  Path output;

  @Test
  void tracedCallsAreWrittenToTheTraceFileAndReadBack() throws Exception {
    Path traceFile;
    try (TraceRuntime runtime = Tracing.configure(TraceConfig.builder().enabled(true).outputDir(output).build())) {
      Scorer scorer = TracedScorer.wrap(id -> id.length() / 10.0);
      for (int i = 0; i < 3; i++) {
        scorer.score("sample-" + i);
      }
      traceFile = runtime.traceFile();
    }

    String text = Files.readString(traceFile, StandardCharsets.UTF_8);
    List<String> lines = text.lines().filter(line -> !line.isBlank()).toList();
    assertFalse(lines.isEmpty(), "no line in " + traceFile);
    for (int i = 0; i < 3; i++) {
      assertTrue(text.contains("{\"key\":\"sample.id\",\"value\":{\"stringValue\":\"sample-" + i + "\"}}"),
          "sample-" + i + " missing from " + text);
    }
    assertEquals(3, count(text, "\"spanId\":\""), "spans in " + text);
    Matcher sdk = Pattern.compile("\"key\":\"telemetry.sdk.version\",\"value\":\\{\"stringValue\":\"([^\"]+)\"")
        .matcher(text);
    assertTrue(sdk.find(), "no telemetry.sdk.version in " + text);
    String expected = System.getProperty("expected.otel.version");
    assertEquals(expected, sdk.group(1), "the SDK that wrote the spans");

    // Light by default: nothing of OTLP, Zipkin or protobuf came with spanweave-runtime.
    for (String absent : List.of("com.google.protobuf.Message", "io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter",
        "io.opentelemetry.exporter.zipkin.ZipkinSpanExporter", "okhttp3.OkHttpClient", "kotlin.Unit")) {
      assertFalse(present(absent), absent + " is on the class path");
    }

    Path report = Path.of(System.getProperty("report.dir"));
    Files.createDirectories(report);
    Files.writeString(report.resolve("round-trip-" + expected + ".txt"),
        "spans=3 lines=" + lines.size() + " telemetry.sdk.version=" + sdk.group(1) + "\n");
  }

  private static int count(String text, String needle) {
    int n = 0;
    for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      n++;
    }
    return n;
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, TraceFileRoundTripTest.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
