package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.lint.LintTesting.lint;
import static io.spanweave.lint.LintTesting.source;

import com.google.testing.compile.Compilation;
import io.spanweave.lint.LintTesting.Source;
import org.junit.jupiter.api.Test;

class AttributePayloadRuleTest {

  private static final String ID = "[spanweave:attribute-payload]";

  @Test
  void traceSetAttributeWithPromptKeyFails() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.spanweave.api.Trace;",
            "class Worker {",
            "  void generate(String text) {",
            "    Trace.setAttribute(\"llm.prompt\", text);",
            "  }",
            "}");
    Compilation compilation = lint(worker.file);
    assertThat(compilation)
        .hadErrorContaining(
            ID + " attribute 'llm.prompt' in Trace.setAttribute names a payload ('prompt')")
        .inFile(worker.file)
        .onLine(worker.line("llm.prompt"));
    assertThat(compilation).hadErrorContaining("Record a count or a length instead");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void everyAttributeWritingPositionIsChecked() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import com.acme.util.Attrs;",
            "import io.spanweave.annotations.TraceAttribute;",
            "import io.spanweave.annotations.Traced;",
            "import io.spanweave.api.StageSpan;",
            "import io.spanweave.api.Trace;",
            "import java.util.Map;",
            "interface Worker {",
            "  @Traced(attributes = {\"model=qwen\", \"system.prompt=be brief\"})",
            "  String generate(@TraceAttribute(\"sample.text\") String prompt,",
            "                  @TraceAttribute String completion);",
            "  default void run(String r, String m, StageSpan span) {",
            "    try (Trace.Scope s = Trace.span(\"agent.run\", Map.of(\"task\", \"x\", \"response\", r))) {}",
            "    Trace.event(\"done\", Map.ofEntries(Map.entry(\"messages\", m)));",
            "    Trace.setAttributes(Attrs.builder().put(\"ok\", 1).put(\"http.body\", r).build());",
            "    Trace.setAttributes(new java.util.HashMap<>(Map.of(\"raw\", r)));",
            "    span.attribute(\"request.headers\", r);",
            "    Trace.setAttribute(\"answer\", r.toString() + \"\");",
            "  }",
            "}");
    Compilation compilation = lint(worker.file);
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'system.prompt' in @Traced(attributes)")
        .inFile(worker.file)
        .onLine(worker.line("system.prompt"));
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " attribute 'sample.text' in @TraceAttribute records the parameter 'prompt' marked @TraceAttribute")
        .inFile(worker.file)
        .onLine(worker.line("sample.text"));
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'completion' in @TraceAttribute names a payload")
        .inFile(worker.file)
        .onLine(worker.line("String completion"));
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'response' in Trace.span")
        .inFile(worker.file)
        .onLine(worker.line("agent.run"));
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'messages' in Trace.event")
        .inFile(worker.file)
        .onLine(worker.line("Map.entry"));
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'http.body' in Trace.setAttributes")
        .inFile(worker.file)
        .onLine(worker.line("http.body"));
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'raw' in Trace.setAttributes")
        .inFile(worker.file)
        .onLine(worker.line("HashMap"));
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'request.headers' in StageSpan.attribute")
        .inFile(worker.file)
        .onLine(worker.line("request.headers"));
    assertThat(compilation).hadErrorCount(8);
  }

  @Test
  void aMapLiteralInALocalVariableIsFollowed() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.spanweave.api.Trace;",
            "import java.util.HashMap;",
            "import java.util.Map;",
            "class Worker {",
            "  void generate(String text, Map<String, Object> given) {",
            "    Map<String, Object> attributes = Map.of(\"task\", \"x\",",
            "        \"completion\", text);",
            "    try (Trace.Scope s = Trace.span(\"agent.run\", attributes)) {}",
            "    Trace.setAttributes(given);", // a parameter: not followed
            "    Map<String, Object> built = new HashMap<>();",
            "    built.put(\"prompt\", text);", // later puts are not seen
            "    Trace.setAttributes(built);",
            "  }",
            "}");
    Compilation compilation = lint(worker.file);
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'completion' in Trace.span")
        .inFile(worker.file)
        .onLine(worker.line("\"completion\""));
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void constantKeysAreCheckedLikeLiterals() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.spanweave.api.Trace;",
            "class Worker {",
            "  static final String LLM = \"llm.\";",
            "  static final String COMPLETION_KEY = LLM + \"completion\";",
            "  static final String TOKENS_KEY = LLM + \"completion_tokens\";",
            "  void generate(String text, int tokens) {",
            "    Trace.setAttribute(COMPLETION_KEY, text);",
            "    Trace.setAttribute(LLM + \"response\", text);",
            "    Trace.setAttribute(TOKENS_KEY, tokens);",
            "    String dynamic = text.substring(1);",
            "    Trace.setAttribute(dynamic, 1);", // not a constant: not guessed at
            "  }",
            "}");
    Compilation compilation = lint(worker.file);
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'llm.completion' in Trace.setAttribute")
        .inFile(worker.file)
        .onLine(worker.line("(COMPLETION_KEY, text)"));
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'llm.response' in Trace.setAttribute")
        .inFile(worker.file)
        .onLine(worker.line("LLM + \"response\""));
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void valuesNamedLikePayloadsFail() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.spanweave.api.Trace;",
            "class Worker {",
            "  record Request(String prompt, int maxTokens) {}",
            "  void generate(Request request) {",
            "    Trace.setAttribute(\"text\", request.prompt());",
            "    Trace.setAttribute(\"prompt.length\", request.prompt().length());",
            "    Trace.setAttribute(\"max_tokens\", request.maxTokens());",
            "  }",
            "}");
    Compilation compilation = lint(worker.file);
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " attribute 'text' in Trace.setAttribute records the value 'request.prompt', which carries a payload")
        .inFile(worker.file)
        .onLine(worker.line("\"text\""));
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void countsAndLengthsOfPayloadsPass() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.spanweave.annotations.TraceAttribute;",
            "import io.spanweave.annotations.Traced;",
            "import io.spanweave.api.Trace;",
            "import java.util.Map;",
            "interface Worker {",
            "  @Traced(attributes = {\"prompt.template.id=v3\", \"output.format=json\"})",
            "  String generate(@TraceAttribute int promptTokens, @TraceAttribute(\"input_tokens\") int in);",
            "  default void record(String prompt, int status) {",
            "    Trace.setAttributes(Map.of(",
            "        \"num_tokens\", 12,",
            "        \"prompt_tokens\", 10,",
            "        \"token_count\", 2,",
            "        \"prompt.length\", prompt.length(),",
            "        \"response.status_code\", status,",
            "        \"gen_ai.usage.output_tokens\", 7,",
            "        \"num_messages\", 3,",
            "        \"response.size\", 4));",
            "    Trace.setAttribute(\"prompt_empty\", prompt.isEmpty());",
            "  }",
            "}");
    assertThat(lint(worker.file)).succeededWithoutWarnings();
  }
}
