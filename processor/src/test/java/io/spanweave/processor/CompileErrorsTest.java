package io.spanweave.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.processor.Compilations.compile;
import static io.spanweave.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every compile error the processor reports: its message (what is wrong and what to do), and the
 * file and line it points at. Lines count from 1 at {@code package test;}.
 */
class CompileErrorsTest {

  private static final JavaFileObject RESULT =
      source(
          "test.Result",
          "package test;",
          "public record Result(int numTokens, Usage usage, String text) {}");
  private static final JavaFileObject USAGE =
      source(
          "test.Usage", "package test;", "public record Usage(long inputTokens, String model) {}");

  // ---- metrics ----

  @Test
  void metricThatResolvesNowhereListsWhatDoes() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(metrics = {",
            "      \"numTokens\",",
            "      \"numTokns\"})",
            "  Result generate(String sampleId, int attempt);",
            "}");
    Compilation compilation = compile(RESULT, USAGE, worker);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "metric \"numTokns\" does not resolve: Result (the return value of generate()) "
                + "has no property 'numTokns', and generate() has no parameter 'numTokns'. Paths that resolve to a number or a "
                + "boolean: numTokens, usage.inputTokens, attempt.")
        .inFile(worker)
        .onLine(6);
  }

  @Test
  void metricOnAJdkTypeListsOnlyItsDirectProperties() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(metrics = \"lenght\")",
            "  String generate(java.util.List<String> ids);",
            "}");
    Compilation compilation = compile(worker);

    assertThat(compilation)
        .hadErrorContaining(
            "metric \"lenght\" does not resolve: String (the return value of generate()) has "
                + "no property 'lenght', and generate() has no parameter 'lenght'. Paths that resolve to a number or a boolean: "
                + "length, empty, blank, ids.size, ids.empty.")
        .inFile(worker)
        .onLine(4);
  }

  @Test
  void metricReadsThatCouldThrowOrRunAStreamAreNotOffered() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(metrics = \"asDouble\")",
            "  java.util.OptionalDouble score();",
            "}");
    Compilation compilation = compile(worker);

    assertThat(compilation)
        .hadErrorContaining(
            "has no property 'asDouble', and score() has no parameter 'asDouble'. "
                + "Paths that resolve to a number or a boolean: present, empty.")
        .inFile(worker)
        .onLine(4);
  }

  @Test
  void metricThatEndsInAnObjectListsItsNumbers() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(metrics = \"usage\")",
            "  Result generate(String sampleId);",
            "}");
    Compilation compilation = compile(RESULT, USAGE, worker);

    assertThat(compilation)
        .hadErrorContaining(
            "metric \"usage\" ends in Usage, which is not a number or a boolean. "
                + "Paths that resolve to a number or a boolean: usage.inputTokens.")
        .inFile(worker)
        .onLine(4);
  }

  @Test
  void metricWithAMissingStepNamesTheTypeWhereItStopped() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(metrics = \"tokens=usage.inputTokns\")",
            "  Result generate(String sampleId);",
            "}");
    Compilation compilation = compile(RESULT, USAGE, worker);

    assertThat(compilation)
        .hadErrorContaining(
            "metric \"usage.inputTokns\" does not resolve: Usage ('usage') has no "
                + "property 'inputTokns'. Paths that resolve to a number or a boolean: usage.inputTokens.")
        .inFile(worker)
        .onLine(4);
  }

  @Test
  void metricOnAParameterThatIsNotANumber() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(metrics = \"usage.model\")",
            "  void record(Usage usage);",
            "}");
    Compilation compilation = compile(USAGE, worker);

    assertThat(compilation)
        .hadErrorContaining(
            "metric \"usage.model\" ends in String, which is not a number or a boolean.")
        .inFile(worker)
        .onLine(4);
  }

  @Test
  void malformedMetric() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(metrics = \"usage..inputTokens\")",
            "  Result generate();",
            "}");
    Compilation compilation = compile(RESULT, USAGE, worker);

    assertThat(compilation)
        .hadErrorContaining("metric \"usage..inputTokens\" is malformed: write a path such as")
        .inFile(worker)
        .onLine(4);
  }

  @Test
  void typeLevelMetricThatDoesNotFitOneMethodNamesTheMethod() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "@Traced(metrics = \"numTokens\")",
            "public interface Worker {",
            "  Result generate();",
            "  void reset();",
            "}");
    Compilation compilation = compile(RESULT, USAGE, worker);

    assertThat(compilation)
        .hadErrorContaining(
            "on reset(), which @Traced on the type covers: metric \"numTokens\" does not "
                + "resolve: reset() returns no value, and reset() has no parameter 'numTokens'.")
        .inFile(worker)
        .onLine(3);
  }

  // ---- attributes ----

  @Test
  void attributeOfAnObjectTypeSuggestsAMetric() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced",
            "  void generate(String sampleId,",
            "      @TraceAttribute Usage usage);",
            "}");
    Compilation compilation = compile(USAGE, worker);

    assertThat(compilation)
        .hadErrorContaining(
            "parameter 'usage' of type Usage cannot be a span attribute: attributes are "
                + "primitives, boxed primitives, String, enums, and arrays or lists of those; record a number about it as a metric "
                + "instead, such as @Traced(metrics = \"usage.inputTokens\")")
        .inFile(worker)
        .onLine(6);
  }

  @Test
  void attributeOfBytesIsAPayload() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced void upload(@TraceAttribute byte[] body, @TraceAttribute java.util.Set<String> tags,",
            "      @TraceAttribute java.util.List<Usage> usages);",
            "}");
    Compilation compilation = compile(USAGE, worker);

    assertThat(compilation)
        .hadErrorContaining(
            "parameter 'body' of type byte[] cannot be a span attribute: a byte[] is a "
                + "payload (bytes or text), not an attribute; record its length as a metric instead, such as "
                + "@Traced(metrics = \"body.length\")")
        .inFile(worker)
        .onLine(4);
    assertThat(compilation)
        .hadErrorContaining("parameter 'tags' of type Set cannot be a span attribute")
        .inFile(worker)
        .onLine(4);
    assertThat(compilation)
        .hadErrorContaining("parameter 'usages' of type List cannot be a span attribute")
        .inFile(worker)
        .onLine(5);
  }

  @Test
  void attributeOnAnUntracedMethodHasNoEffect() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced void traced();",
            "  void plain(@TraceAttribute String id);",
            "}");
    Compilation compilation = compile(worker);

    assertThat(compilation)
        .hadErrorContaining(
            "@TraceAttribute on a parameter of plain() has no effect: the method is not "
                + "traced. Mark it @Traced, or remove @TraceAttribute")
        .inFile(worker)
        .onLine(5);
  }

  @Test
  void malformedConstantAttribute() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(attributes = {\"team=rl\",",
            "                        \"region\"})",
            "  void run();",
            "}");
    Compilation compilation = compile(worker);

    assertThat(compilation)
        .hadErrorContaining(
            "constant attribute \"region\" is malformed: write key=value, such as \"team=rl\"")
        .inFile(worker)
        .onLine(5);
  }

  @Test
  void nameOnATypeWouldNameEveryMethodTheSame() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "@Traced(name = \"worker\")",
            "public interface Worker {",
            "  void run();",
            "}");
    Compilation compilation = compile(worker);

    assertThat(compilation)
        .hadErrorContaining(
            "@Traced(name) on a type would give every method the same span name; "
                + "set name on the methods instead")
        .inFile(worker)
        .onLine(3);
  }

  @Test
  void previewCaptureCompilesWithoutWarnings() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(capture = Capture.PREVIEW) void run();",
            "  @Traced(capture = Capture.PREVIEW) String ask(String question);",
            "}");
    Compilation compilation = compile(worker);

    assertThat(compilation).succeededWithoutWarnings();
  }

  // ---- boundaries ----

  @Test
  void boundaryWithoutACarrier() {
    JavaFileObject rpc =
        source(
            "test.Rpc",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Rpc {",
            "  @TraceBoundary(Direction.OUTBOUND)",
            "  String send(String body);",
            "}");
    Compilation compilation = compile(rpc);

    assertThat(compilation)
        .hadErrorContaining(
            "@TraceBoundary(OUTBOUND) on send() needs a carrier to inject the trace context "
                + "into: add a Map<String, String> or io.spanweave.api.TraceCarrier parameter")
        .inFile(rpc)
        .onLine(4);
  }

  @Test
  void boundaryWithTwoCarriersMustNameOne() {
    JavaFileObject rpc =
        source(
            "test.Rpc",
            "package test;",
            "import io.spanweave.annotations.*;",
            "import java.util.Map;",
            "public interface Rpc {",
            "  @TraceBoundary(Direction.INBOUND)",
            "  String receive(Map<String, String> headers, Map<String, String> options);",
            "}");
    Compilation compilation = compile(rpc);

    assertThat(compilation)
        .hadErrorContaining(
            "receive() has several carrier parameters (headers, options): name the one to "
                + "use with @TraceBoundary(carrier = \"headers\")")
        .inFile(rpc)
        .onLine(5);
  }

  @Test
  void boundaryNamingAMissingOrWrongCarrier() {
    JavaFileObject rpc =
        source(
            "test.Rpc",
            "package test;",
            "import io.spanweave.annotations.*;",
            "import java.util.Map;",
            "public interface Rpc {",
            "  @TraceBoundary(value = Direction.INBOUND, carrier = \"meta\")",
            "  String receive(Map<String, String> headers);",
            "  @TraceBoundary(value = Direction.INBOUND,",
            "                 carrier = \"options\")",
            "  String other(Map<String, String> headers, Map<String, Object> options);",
            "}");
    Compilation compilation = compile(rpc);

    assertThat(compilation)
        .hadErrorContaining(
            "receive() has no parameter 'meta' to use as carrier. Carrier parameters: headers")
        .inFile(rpc)
        .onLine(5);
    assertThat(compilation)
        .hadErrorContaining(
            "carrier 'options' of other() is a java.util.Map<java.lang.String,java.lang.Object>; "
                + "a carrier is a Map<String, String> or an io.spanweave.api.TraceCarrier. Carrier parameters: headers")
        .inFile(rpc)
        .onLine(8);
  }

  // ---- advice bindings ----

  private static final JavaFileObject JOB =
      source("test.Job", "package test;", "public record Job(String id) {}");
  private static final JavaFileObject JOB_ADVICE =
      source(
          "test.JobAdvice",
          "package test;",
          "public class JobAdvice extends io.spanweave.api.StageAdvice<Job> {}");
  private static final JavaFileObject JOB_STAGE =
      source(
          "test.JobStage",
          "package test;",
          "@io.spanweave.annotations.TraceAdvice(JobAdvice.class)",
          "public @interface JobStage { String value() default \"\"; }");

  @Test
  void adviceWithoutAParameterOfItsType() {
    JavaFileObject jobs =
        source(
            "test.Jobs",
            "package test;",
            "public interface Jobs {",
            "  @JobStage",
            "  void run(String id, java.util.Set<String> tags);",
            "}");
    Compilation compilation = compile(JOB, JOB_ADVICE, JOB_STAGE, jobs);

    assertThat(compilation)
        .hadErrorContaining(
            "@JobStage: advice JobAdvice reads a Job, but run() has no parameter of type Job "
                + "or Iterable<? extends Job>. Add one, or remove @JobStage")
        .inFile(jobs)
        .onLine(3);
  }

  @Test
  void adviceWithTwoCandidateParameters() {
    JavaFileObject jobs =
        source(
            "test.Jobs",
            "package test;",
            "public interface Jobs {",
            "  @JobStage",
            "  void run(Job first, Job second);",
            "}");
    Compilation compilation = compile(JOB, JOB_ADVICE, JOB_STAGE, jobs);

    assertThat(compilation)
        .hadErrorContaining(
            "@JobStage: advice JobAdvice reads a Job, and run() has several (first, second); "
                + "an advice reads exactly one argument.")
        .inFile(jobs)
        .onLine(3);
  }

  @Test
  void adviceThatIsNotAStageAdviceOrCannotBeCreated() {
    JavaFileObject notAdvice =
        source("test.NotAdvice", "package test;", "public class NotAdvice {}");
    JavaFileObject hidden =
        source(
            "test.HiddenAdvice",
            "package test;",
            "public class HiddenAdvice extends io.spanweave.api.StageAdvice<Job> { private HiddenAdvice() {} }");
    JavaFileObject bindings =
        source(
            "test.Bindings",
            "package test;",
            "public class Bindings {",
            "  @io.spanweave.annotations.TraceAdvice(NotAdvice.class) public @interface Wrong {}",
            "  @io.spanweave.annotations.TraceAdvice(HiddenAdvice.class) public @interface Hidden {}",
            "}");
    JavaFileObject jobs =
        source(
            "test.Jobs",
            "package test;",
            "public interface Jobs {",
            "  @Bindings.Wrong void run(Job job);",
            "  @Bindings.Hidden void walk(Job job);",
            "}");
    Compilation compilation = compile(JOB, notAdvice, hidden, bindings, jobs);

    assertThat(compilation)
        .hadErrorContaining(
            "@Wrong binds NotAdvice, which does not extend io.spanweave.api.StageAdvice<A>. "
                + "Make NotAdvice extend StageAdvice<the type of argument it reads>")
        .inFile(jobs)
        .onLine(3);
    assertThat(compilation)
        .hadErrorContaining(
            "@Hidden binds advice HiddenAdvice, which has no public no-argument constructor: "
                + "the generated code creates it once with new HiddenAdvice()")
        .inFile(jobs)
        .onLine(4);
  }

  @Test
  void twoAdviceBindingsOrAdviceAndBoundaryOnOneMethod() {
    JavaFileObject other =
        source(
            "test.OtherStage",
            "package test;",
            "@io.spanweave.annotations.TraceAdvice(JobAdvice.class)",
            "public @interface OtherStage {}");
    JavaFileObject jobs =
        source(
            "test.Jobs",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Jobs {",
            "  @JobStage",
            "  @OtherStage",
            "  void run(Job job);",
            "  @TraceBoundary(Direction.INBOUND)",
            "  @JobStage",
            "  void receive(Job job, java.util.Map<String, String> headers);",
            "}");
    Compilation compilation = compile(JOB, JOB_ADVICE, JOB_STAGE, other, jobs);

    assertThat(compilation)
        .hadErrorContaining(
            "run() has more than one advice binding (@JobStage, @OtherStage); a method takes "
                + "at most one advice. Keep one")
        .inFile(jobs)
        .onLine(5);
    assertThat(compilation)
        .hadErrorContaining(
            "@TraceBoundary and @JobStage both decide how the span of receive() starts; "
                + "keep one of them")
        .inFile(jobs)
        .onLine(8);
  }

  // ---- what cannot be wrapped ----

  @Test
  void tracedMethodOfAFinalClass() {
    JavaFileObject judge =
        source(
            "test.Judge",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public final class Judge {",
            "  @Traced",
            "  public double score(String text) { return 1; }",
            "}");
    Compilation compilation = compile(judge);

    assertThat(compilation)
        .hadErrorContaining(
            "final class Judge cannot be traced: TracedJudge extends it. Remove final, or put "
                + "@Traced on an interface Judge implements and wrap instances with its delegate")
        .inFile(judge)
        .onLine(4);
  }

  @Test
  void tracedOnTypesThatCannotBeSubclassed() {
    JavaFileObject mode =
        source(
            "test.Mode",
            "package test;",
            "@io.spanweave.annotations.Traced",
            "public enum Mode { A; public void run() {} }");
    JavaFileObject point =
        source(
            "test.Point",
            "package test;",
            "@io.spanweave.annotations.Traced",
            "public record Point(int x) {}");
    JavaFileObject base =
        source(
            "test.Base",
            "package test;",
            "@io.spanweave.annotations.Traced",
            "public abstract class Base { public abstract void run(); }");
    JavaFileObject sealed =
        source(
            "test.Shape",
            "package test;",
            "@io.spanweave.annotations.Traced",
            "public sealed interface Shape permits Square { double area(); }");
    JavaFileObject square =
        source(
            "test.Square",
            "package test;",
            "public record Square(double side) implements Shape { public double area() { return side * side; } }");
    JavaFileObject singleton =
        source(
            "test.Singleton",
            "package test;",
            "@io.spanweave.annotations.Traced",
            "public class Singleton { private Singleton() {} public void run() {} }");
    Compilation compilation = compile(mode, point, base, sealed, square, singleton);

    assertThat(compilation)
        .hadErrorContaining(
            "enum Mode cannot be traced: an enum cannot be subclassed, so TracedMode cannot "
                + "wrap it. Put @Traced on an interface the enum implements")
        .inFile(mode)
        .onLine(2);
    assertThat(compilation)
        .hadErrorContaining("record Point cannot be traced: records are final")
        .inFile(point)
        .onLine(2);
    assertThat(compilation)
        .hadErrorContaining(
            "abstract class Base cannot be traced: TracedBase would have to implement its "
                + "abstract methods")
        .inFile(base)
        .onLine(2);
    assertThat(compilation)
        .hadErrorContaining(
            "sealed type Shape cannot be traced: TracedShape is not among its permitted "
                + "subtypes")
        .inFile(sealed)
        .onLine(2);
    assertThat(compilation)
        .hadErrorContaining(
            "class Singleton cannot be traced: all its constructors are private, so "
                + "TracedSingleton cannot call one.")
        .inFile(singleton)
        .onLine(2);
  }

  @Test
  void anonymousLocalInnerAndPrivateClasses() {
    JavaFileObject holder =
        source(
            "test.Holder",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public class Holder {",
            "  Runnable anonymous = new Runnable() {",
            "    @Traced public void run() {}",
            "  };",
            "  void method() {",
            "    class Local { @Traced public void run() {} }",
            "  }",
            "  public class Inner { @Traced public void run() {} }",
            "  private static class Hidden { @Traced public void run() {} }",
            "}");
    Compilation compilation = compile(holder);

    assertThat(compilation)
        .hadErrorContaining(
            "an anonymous class cannot be traced: the generated delegate has to name the type "
                + "it wraps. Make it a named top-level or static nested class, or put @Traced on the interface it implements")
        .inFile(holder)
        .onLine(5);
    assertThat(compilation)
        .hadErrorContaining(
            "local class Local cannot be traced: TracedLocal lives in the package and cannot "
                + "see it. Move it to a top-level or static nested class")
        .inFile(holder)
        .onLine(8);
    assertThat(compilation)
        .hadErrorContaining(
            "inner class Inner cannot be traced: TracedHolder_Inner would need an instance of "
                + "Holder to extend it. Declare it static")
        .inFile(holder)
        .onLine(10);
    assertThat(compilation)
        .hadErrorContaining(
            "private type Hidden cannot be traced: TracedHolder_Hidden lives in the package and "
                + "cannot see it. Make it package-private or wider")
        .inFile(holder)
        .onLine(11);
  }

  @Test
  void staticPrivateAndFinalMethods() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public class Worker {",
            "  @Traced public static void util() {}",
            "  @Traced private void hidden() {}",
            "  @Traced public final void fixed() {}",
            "  @Traced public void fine() {}",
            "}");
    JavaFileObject api =
        source(
            "test.Api",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Api {",
            "  @Traced static Api create() { return null; }",
            "}");
    Compilation compilation = compile(worker, api);

    assertThat(compilation)
        .hadErrorContaining(
            "static method util() cannot be traced: TracedWorker can only intercept calls on an "
                + "instance. Make it an instance method, or open a span inside it with Trace.span")
        .inFile(worker)
        .onLine(4);
    assertThat(compilation)
        .hadErrorContaining(
            "private method hidden() cannot be traced: TracedWorker cannot override it. "
                + "Make it package-private or wider")
        .inFile(worker)
        .onLine(5);
    assertThat(compilation)
        .hadErrorContaining(
            "final method fixed() cannot be traced: TracedWorker has to override it. "
                + "Remove final")
        .inFile(worker)
        .onLine(6);
    assertThat(compilation)
        .hadErrorContaining("static method create() cannot be traced")
        .inFile(api)
        .onLine(4);
    assertThat(compilation).hadErrorCount(4);
  }

  @Test
  void finalMethodCoveredByTracedOnItsClass() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "@io.spanweave.annotations.Traced",
            "public class Worker {",
            "  public void run() {}",
            "  public final void fixed() {}",
            "}");
    Compilation compilation = compile(worker);

    assertThat(compilation)
        .hadErrorContaining(
            "final method fixed() cannot be traced, yet @Traced on Worker covers every public "
                + "method: TracedWorker has to override it. Remove final, or move @Traced from the type to the methods to trace")
        .inFile(worker)
        .onLine(5);
  }

  // ---- the environment ----

  @Test
  void aHandWrittenClassWithTheDelegatesNameIsReported() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "public interface Worker {",
            "  @io.spanweave.annotations.Traced void run();",
            "}");
    JavaFileObject existing =
        source("test.TracedWorker", "package test;", "public class TracedWorker {}");
    Compilation compilation = compile(worker, existing);

    assertThat(compilation)
        .hadErrorContaining("could not write test.TracedWorker")
        .inFile(worker)
        .onLine(2);
    assertThat(compilation)
        .hadErrorContaining("If a class of that name already exists, rename it")
        .inFile(worker)
        .onLine(2);
  }

  @Test
  void missingRuntimeOnTheClasspathIsExplained() {
    List<File> withoutRuntime = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      // the API the generated code calls comes with spanweave-runtime: drop both
      if (!entry.contains("runtime")
          && !entry.contains("spanweave-api")
          && !entry.replace('\\', '/').contains("/api/target/")) {
        withoutRuntime.add(new File(entry));
      }
    }
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "public interface Worker {",
            "  @io.spanweave.annotations.Traced void run();",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(new TracedProcessor())
            .withClasspath(withoutRuntime)
            .compile(worker);

    assertThat(compilation)
        .hadErrorContaining(
            "TracedWorker calls io.spanweave.api.Stage, which is not on the compile "
                + "classpath: add the dependency io.spanweave:spanweave-runtime")
        .inFile(worker)
        .onLine(2);
  }

  @Test
  void aCrashInsideTheProcessorIsAnErrorOnTheTypeNotAStackTrace() {
    JavaFileObject broken =
        source(
            "test.Broken",
            "package test;",
            "public interface Broken {",
            "  @io.spanweave.annotations.Traced void run();",
            "}");
    JavaFileObject fine =
        source(
            "test.Fine",
            "package test;",
            "public interface Fine {",
            "  @io.spanweave.annotations.Traced void run();",
            "}");
    JavaFileObject usesFine =
        source(
            "test.UsesFine",
            "package test;",
            "class UsesFine {",
            "  Fine fine = TracedFine.wrap(() -> {});  // compiles only if TracedFine was generated",
            "}");
    TracedProcessor crashing =
        new TracedProcessor(
            type -> {
              if (type.getSimpleName().contentEquals("Broken")) {
                throw new IllegalStateException("boom");
              }
            });
    Compilation compilation =
        Compiler.javac().withProcessors(crashing).compile(broken, fine, usesFine);

    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "internal error while generating the traced delegate of test.Broken: "
                + "java.lang.IllegalStateException: boom (at ")
        .inFile(broken)
        .onLine(2);
    assertThat(compilation)
        .hadErrorContaining("This is a bug in spanweave-processor; please report it")
        .inFile(broken)
        .onLine(2);
  }

  @Test
  void lintOptionsAreRecognisedAndTheLintRulesRunInTheSamePass() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(attributes = \"api_key=sk-live-1234567890abcdef\") void run();",
            "}");

    Compilation defaults = compile(worker);
    Compilation relaxed =
        Compiler.javac()
            .withProcessors(new TracedProcessor())
            .withOptions("-Aspanweave.lint.attribute_secret=off")
            .compile(worker);

    assertThat(defaults)
        .hadErrorContaining("[spanweave:attribute-secret]")
        .inFile(worker)
        .onLine(4);
    assertThat(relaxed).succeededWithoutWarnings();
  }
}
