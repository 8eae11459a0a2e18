package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.EventData;
import io.spanweave.annotations.Capture;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.SensitiveKeys;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.lint.LintProcessor;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lint rules and the runtime read keys with the conventions module's one classifier: every word
 * of its lists, and the keys users and the issues argued about, get the same answer from the real
 * lint rule (javac with the lint processor over {@code Trace.setAttribute(key, "…")}) and from the
 * runtime's redaction of a preview (a real span through the SDK).
 */
class ConventionsAgreementTest {

  @TempDir Path dir;

  /**
   * Every listed word alone and as a qualified key, and keys once classified differently by lint
   * and runtime.
   */
  private static List<String> keys() {
    Set<String> keys = new LinkedHashSet<>();
    keys.addAll(SensitiveKeys.SECRET_WORDS);
    keys.addAll(SensitiveKeys.PAYLOAD_WORDS);
    for (String qualifier : SensitiveKeys.SECRET_KEY_QUALIFIERS) {
      keys.add(qualifier + "_key");
    }
    for (String word : SensitiveKeys.SECRET_WORDS) {
      keys.add("llm." + word + ".count");
      keys.add("num_" + word);
    }
    for (String word : SensitiveKeys.PAYLOAD_WORDS) {
      keys.add("llm." + word + ".length");
    }
    keys.addAll(
        List.of(
            "user_pin",
            "otp_code",
            "dsn",
            "ssn",
            "session_token",
            "input_token",
            "input_tokens",
            "gen_ai.usage.output_tokens",
            "gen_ai.usage.input_tokens",
            "prompt_tokens",
            "max_password",
            "session.id",
            "rollout.session.id",
            "sample.id",
            "api_key.present",
            "X-Api-Key",
            "refreshToken",
            "model",
            "reward.score"));
    return new ArrayList<>(keys);
  }

  @Test
  void lintAndRuntimeClassifyEveryKeyAlike() throws Exception {
    List<String> keys = keys();
    Map<String, String> lint = lintVerdicts(keys);

    InMemorySpanExporter spans = InMemorySpanExporter.create();
    Map<String, Boolean> redactedAtRunTime = new TreeMap<>();
    List<EventData> previews;
    try (TraceRuntime runtime = SdkTracing.configure(TestRuns.config(dir).build(), spans)) {
      for (String key : keys) {
        try (TraceScope scope = Trace.span("check", Map.of(), Capture.PREVIEW)) {
          scope.preview("input", Map.of(key, "value-1"));
        }
      }
      // read before close: closing the runtime shuts the in-memory exporter down, which empties it
      previews =
          spans.getFinishedSpanItems().stream()
              .flatMap(span -> span.getEvents().stream())
              .filter(event -> event.getName().equals(SpanAttributes.PREVIEW_EVENT))
              .toList();
    }
    assertThat(previews).hasSize(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      String text =
          previews.get(i).getAttributes().get(AttributeKey.stringKey(SpanAttributes.PREVIEW_TEXT));
      redactedAtRunTime.put(keys.get(i), !text.contains("value-1"));
    }

    for (String key : keys) {
      String verdict = lint.getOrDefault(key, "none");
      SensitiveKeys.Sensitivity expected = SensitiveKeys.classify(key);
      assertThat(verdict)
          .as("lint verdict on '%s'", key)
          .isEqualTo(expected.name().toLowerCase(Locale.ROOT));
      assertThat(redactedAtRunTime.get(key))
          .as("runtime redaction of '%s'", key)
          .isEqualTo(expected == SensitiveKeys.Sensitivity.SECRET);
    }
    // the ones the issue names, spelled out
    assertThat(lint)
        .containsEntry("user_pin", "secret")
        .containsEntry("otp_code", "secret")
        .containsEntry("dsn", "secret")
        .containsEntry("ssn", "secret")
        .containsEntry("session_token", "secret")
        .doesNotContainKeys("input_tokens", "gen_ai.usage.output_tokens", "input_token");
  }

  /**
   * Compiles one {@code Trace.setAttribute(key, "v")} per line with the lint rules; key to "secret"
   * or "payload".
   */
  private Map<String, String> lintVerdicts(List<String> keys) throws java.io.IOException {
    StringBuilder source = new StringBuilder("package check;\nclass Keys {\n  void write() {\n");
    int firstLine = 4;
    for (String key : keys) {
      source
          .append("    io.spanweave.api.Trace.setAttribute(\"")
          .append(key)
          .append("\", \"v\");\n");
    }
    source.append("  }\n}\n");
    JavaFileObject file =
        new SimpleJavaFileObject(
            URI.create("string:///check/Keys.java"), JavaFileObject.Kind.SOURCE) {
          @Override
          public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return source;
          }
        };
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    // a full compile, not -proc:only: the rules run once javac has analyzed the sources
    Path classes = java.nio.file.Files.createDirectories(dir.resolve("classes"));
    List<String> options =
        List.of("-d", classes.toString(), "-classpath", System.getProperty("java.class.path"));
    JavaCompiler.CompilationTask task =
        javac.getTask(null, null, diagnostics, options, null, List.of(file));
    task.setProcessors(List.of(new LintProcessor()));
    task.call();
    Map<String, String> verdicts = new TreeMap<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      String message = d.getMessage(Locale.ROOT);
      int index = (int) d.getLineNumber() - firstLine;
      if (index < 0 || index >= keys.size()) {
        continue;
      }
      if (message.contains("[spanweave:attribute-secret]")) {
        verdicts.put(keys.get(index), "secret");
      } else if (message.contains("[spanweave:attribute-payload]")
          && !verdicts.containsKey(keys.get(index))) {
        verdicts.put(keys.get(index), "payload");
      }
    }
    return verdicts;
  }
}
