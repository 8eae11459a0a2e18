package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.lint.LintTesting.lint;
import static io.spanweave.lint.LintTesting.source;

import com.google.testing.compile.Compilation;
import io.spanweave.lint.LintTesting.Source;
import org.junit.jupiter.api.Test;

class AttributeSecretRuleTest {

  private static final String ID = "[spanweave:attribute-secret]";

  @Test
  void secretKeysAndSecretLookingValuesFail() {
    Source client =
        source(
            "com.acme.Client",
            "package com.acme;",
            "import io.spanweave.annotations.TraceAttribute;",
            "import io.spanweave.annotations.Traced;",
            "import io.spanweave.api.Trace;",
            "import java.util.Map;",
            "interface Client {",
            "  String AUTH = \"http.request.header.authorization\";",
            "  @Traced(attributes = \"upstream=Bearer abcdefghijklmnop\")",
            "  String call(@TraceAttribute(\"user\") String password, @TraceAttribute String apiKey);",
            "  default void send(String value, String token) {",
            "    Trace.setAttribute(AUTH, value);",
            "    Trace.span(\"send\", Map.of(\"openai.key\", \"sk-abcdefghijklmnopqrstuvwx\"));",
            "    Trace.setAttribute(\"user\", token);",
            "  }",
            "}");
    Compilation compilation = lint(client.file);
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " the value of attribute 'upstream' in @Traced(attributes) looks like a bearer token")
        .inFile(client.file)
        .onLine(client.line("upstream="));
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " attribute 'user' in @TraceAttribute records the parameter 'password' marked @TraceAttribute,"
                + " which holds a secret ('password')")
        .inFile(client.file)
        .onLine(client.line("String password"));
    assertThat(compilation)
        .hadErrorContaining(
            ID + " attribute 'apiKey' in @TraceAttribute names a secret ('api key')")
        .inFile(client.file)
        .onLine(client.line("String apiKey"));
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " attribute 'http.request.header.authorization' in Trace.setAttribute names a secret ('authorization')")
        .inFile(client.file)
        .onLine(client.line("(AUTH, value)"));
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " the value of attribute 'openai.key' in Trace.span looks like an API key ('sk-...')")
        .inFile(client.file)
        .onLine(client.line("openai.key"));
    assertThat(compilation)
        .hadErrorContaining(
            ID + " attribute 'user' in Trace.setAttribute records the value 'token'")
        .inFile(client.file)
        .onLine(client.line("(\"user\", token)"));
    assertThat(compilation).hadErrorContaining("record whether it is set");
    assertThat(compilation).hadErrorCount(6);
  }

  @Test
  void tokenCountsAndDigestsPass() {
    Source client =
        source(
            "com.acme.Client",
            "package com.acme;",
            "import io.spanweave.api.Trace;",
            "import java.util.Map;",
            "class Client {",
            "  void send(boolean hasKey, int tokens, long tokenId) {",
            "    Trace.setAttributes(Map.of(",
            "        \"num_tokens\", tokens,",
            "        \"gen_ai.usage.prompt_tokens\", tokens,",
            "        \"max_tokens\", 512,",
            "        \"token_count\", tokens,",
            "        \"api_key.present\", hasKey,",
            "        \"tokenizer.name\", \"qwen\",",
            "        \"model.revision\", \"0123456789abcdef0123456789abcdef01234567\",",
            "        \"token\", tokenId));", // a number cannot be a secret
            "    Trace.setAttribute(\"greeting\", \"Hello there\");",
            "  }",
            "}");
    assertThat(lint(client.file)).succeededWithoutWarnings();
  }
}
