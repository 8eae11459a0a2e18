package io.spanweave.reactor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.spanweave.processor.TracedProcessor;
import java.io.IOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The delegate code written for reactive methods, compiled by real javac against spanweave-reactor.
 */
class GeneratedSourceTest {

  private static Compilation compile(String name, String... lines) {
    return Compiler.javac()
        .withProcessors(new TracedProcessor())
        .compile(JavaFileObjects.forSourceLines(name, lines));
  }

  private static String generated(Compilation compilation, String name) throws IOException {
    JavaFileObject file = compilation.generatedSourceFile(name).orElseThrow();
    return file.getCharContent(true).toString();
  }

  @Test
  void anInterfaceDelegateCallsReactiveStagesOnce() throws IOException {
    Compilation compilation =
        compile(
            "test.Judge",
            "package test;",
            "import io.spanweave.annotations.*;",
            "import reactor.core.publisher.Flux;",
            "import reactor.core.publisher.Mono;",
            "public interface Judge {",
            "  record Score(double score, Usage usage) {}",
            "  record Usage(Integer tokens) {}",
            "  @Traced(stage = \"judge\", kind = Kind.REWARD, metrics = \"score\")",
            "  Mono<Score> judge(@TraceAttribute(\"sample.id\") String id);",
            "  @Traced(metrics = {\"score\", \"tokens=usage.tokens\"})",
            "  Flux<Score> stream(@TraceAttribute(\"sample.id\") String id, @TraceAttribute int count) throws java.io.IOException;",
            "  @Traced Mono<Void> flush();",
            "}");

    assertThat(compilation).succeededWithoutWarnings();
    String source = generated(compilation, "test.TracedJudge");
    assertThat(source)
        .contains(
            String.join(
                "\n",
                "  public Mono<Judge.Score> judge(String id) {",
                "    return ReactiveStages.mono(JUDGE, () -> delegate.judge(id),",
                "        span -> span.attribute(\"sample.id\", id),",
                "        (span, value) -> span.doubleMetric(\"score\", value.score()));",
                "  }"));
    assertThat(source)
        .contains(
            String.join(
                "\n",
                "  public Flux<Judge.Score> stream(String id, int count) throws IOException {",
                "    return ReactiveStages.flux(STREAM, () -> delegate.stream(id, count),",
                "        span -> {",
                "          span.attribute(\"sample.id\", id);",
                "          span.attribute(\"count\", count);",
                "        },",
                "        (span, value) -> {",
                "          span.doubleMetric(\"score\", value.score());",
                "          if (value.usage() != null) {",
                "            span.numberMetric(\"tokens\", value.usage().tokens());",
                "          }",
                "        });",
                "  }"));
    assertThat(source)
        .contains(
            String.join(
                "\n",
                "  public Mono<Void> flush() {",
                "    return ReactiveStages.mono(FLUSH, () -> delegate.flush());",
                "  }"));
  }

  @Test
  void aClassDelegateCallsSuperInsideTheLambdaAndAvoidsAParameterNamedSpan() throws IOException {
    Compilation compilation =
        compile(
            "test.Judger",
            "package test;",
            "import io.spanweave.annotations.*;",
            "import reactor.core.publisher.Mono;",
            "public class Judger {",
            "  @Traced(metrics = \"length\")",
            "  public Mono<String> judge(String span) { return Mono.just(span); }",
            "}");

    assertThat(compilation).succeededWithoutWarnings();
    String source = generated(compilation, "test.TracedJudger");
    assertThat(source)
        .contains(
            String.join(
                "\n",
                "  public Mono<String> judge(String span) {",
                "    return ReactiveStages.mono(JUDGE, () -> super.judge(span),",
                "        null,",
                "        (stageSpan, value) -> stageSpan.longMetric(\"length\", value.length()));",
                "  }"));
  }
}
