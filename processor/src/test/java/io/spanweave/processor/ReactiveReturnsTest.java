package io.spanweave.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.processor.Compilations.compile;
import static io.spanweave.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Methods that return a Reactor {@code Mono} or {@code Flux}, compiled here without
 * spanweave-reactor (reactor-core alone is on this classpath): the error says what to add, on the
 * annotation of the method. With spanweave-reactor, spanweave-reactor's {@code GeneratedSourceTest}
 * compiles the same shapes.
 */
class ReactiveReturnsTest {

  @Test
  void aMonoWithoutSpanweaveReactorIsAnErrorThatSaysWhatToAdd() {
    JavaFileObject judge =
        source(
            "test.Judge",
            "package test;",
            "import io.spanweave.annotations.*;",
            "import reactor.core.publisher.Mono;",
            "public interface Judge {",
            "  @Traced(metrics = \"length\")",
            "  Mono<String> judge(String id);",
            "  @Traced String plain(String id);",
            "}");
    Compilation compilation = compile(judge);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "judge() returns a Mono: its span starts on subscription and ends on the "
                + "last signal, which needs spanweave-reactor on the compile classpath. Add the dependency "
                + "io.spanweave:spanweave-reactor (the version of spanweave-processor) next to reactor-core")
        .inFile(judge)
        .onLine(5)
        .atColumn(3);
  }

  @Test
  void aFluxCoveredByTracedOnTheTypeIsReportedOnTheMethod() {
    JavaFileObject stream =
        source(
            "test.Stream",
            "package test;",
            "import io.spanweave.annotations.*;",
            "import reactor.core.publisher.Flux;",
            "@Traced",
            "public interface Stream {",
            "  Flux<Integer> tokens(String id);",
            "}");
    Compilation compilation = compile(stream);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("tokens() returns a Flux: its span starts on subscription")
        .inFile(stream)
        .onLine(6);
  }

  @Test
  void metricsResolveAgainstTheEmittedValue() {
    JavaFileObject judge =
        source(
            "test.Judge",
            "package test;",
            "import io.spanweave.annotations.*;",
            "import reactor.core.publisher.Mono;",
            "public interface Judge {",
            "  record Score(double value) {}",
            "  @Traced(metrics = \"valu\")",
            "  Mono<Score> judge(String id);",
            "}");
    Compilation compilation = compile(judge);

    assertThat(compilation)
        .hadErrorContaining(
            "metric \"valu\" does not resolve: Score (the return value of judge()) has "
                + "no property 'valu', and judge() has no parameter 'valu'. Paths that resolve to a number or a boolean: value.")
        .inFile(judge)
        .onLine(6);
  }

  @Test
  void aBoundaryOnAReactiveMethodIsAnError() {
    JavaFileObject remote =
        source(
            "test.Remote",
            "package test;",
            "import io.spanweave.annotations.*;",
            "import java.util.Map;",
            "import reactor.core.publisher.Mono;",
            "public interface Remote {",
            "  @TraceBoundary(Direction.OUTBOUND)",
            "  Mono<String> call(Map<String, String> headers, String request);",
            "}");
    Compilation compilation = compile(remote);

    assertThat(compilation)
        .hadErrorContaining(
            "call() returns a Mono: its span starts on each subscription, so "
                + "@TraceBoundary and advice bindings are not supported on it")
        .inFile(remote)
        .onLine(7);
  }

  @Test
  void aReactiveMethodThatThrowsThrowableIsAnError() {
    JavaFileObject judge =
        source(
            "test.Judge",
            "package test;",
            "import io.spanweave.annotations.*;",
            "import reactor.core.publisher.Mono;",
            "public interface Judge {",
            "  @Traced",
            "  Mono<String> judge(String id) throws Throwable;",
            "}");
    Compilation compilation = compile(judge);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "judge() returns a Mono and declares throws Throwable, which the generated "
                + "call cannot rethrow from its lambda; declare Exception or narrower")
        .inFile(judge)
        .onLine(5);
  }

  @Test
  void aReactiveMethodWithTwoCheckedExceptionsIsAnError() {
    JavaFileObject judge =
        source(
            "test.Judge",
            "package test;",
            "import io.spanweave.annotations.*;",
            "import reactor.core.publisher.Flux;",
            "public interface Judge {",
            "  @Traced",
            "  Flux<String> judge(String id) throws java.io.IOException, IllegalStateException, java.util.concurrent.TimeoutException;",
            "}");
    Compilation compilation = compile(judge);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "judge() returns a Flux and declares 2 checked exceptions (IOException, "
                + "TimeoutException); the generated call rethrows one checked type. Declare one, such as their common supertype")
        .inFile(judge)
        .onLine(5);
  }
}
