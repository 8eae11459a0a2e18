package io.spanweave.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.processor.Compilations.compile;
import static io.spanweave.processor.Compilations.generatedSource;
import static io.spanweave.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every shape of type and method the processor must wrap: each case compiles the user's source and
 * the generated delegate with real javac, without warnings, and pins the lines that matter.
 */
class SupportedShapesTest {

  @Test
  void tracedOnAnInterfaceCoversEveryMethodIncludingDefaultAndInheritedOnes() {
    Compilation compilation =
        compile(
            source(
                "test.Base",
                "package test;",
                "public interface Base {",
                "  String inherited(String x);",
                "}"),
            source(
                "test.Worker",
                "package test;",
                "import io.spanweave.annotations.*;",
                "@Traced(kind = Kind.TOOL)",
                "public interface Worker extends Base {",
                "  void run();",
                "  default int twice(int x) { return 2 * x; }",
                "  static Worker noop() { return null; }",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedWorker");
    assertThat(source)
        .contains(
            "private static final Stage RUN = Stage.define(\"Worker.run\", \"run\", Kind.TOOL);");
    assertThat(source)
        .contains(
            "private static final Stage TWICE = Stage.define(\"Worker.twice\", \"twice\", Kind.TOOL);");
    assertThat(source)
        .contains(
            "private static final Stage INHERITED = Stage.define(\"Worker.inherited\", \"inherited\", Kind.TOOL);");
    assertThat(source).contains("return delegate.twice(x);");
    assertThat(source).doesNotContain("noop");
  }

  @Test
  void aMethodInheritedFromTwoSuperInterfacesIsImplementedOnce() {
    Compilation compilation =
        compile(
            source("test.Left", "package test;", "public interface Left<T> { T run(String id); }"),
            source(
                "test.Right", "package test;", "public interface Right { Number run(String id); }"),
            source(
                "test.Both",
                "package test;",
                "@io.spanweave.annotations.Traced",
                "public interface Both extends Left<Integer>, Right {",
                "  class Helper {}",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedBoth");
    assertThat(source).containsMatch("(?s)^(?!.*run\\(String id\\).*run\\(String id\\)).*$");
    assertThat(source).contains("public Integer run(String id) {");
  }

  @Test
  void methodsAnnotatedInASuperInterfaceAreTracedAndOthersForwarded() {
    Compilation compilation =
        compile(
            source(
                "test.Base",
                "package test;",
                "import io.spanweave.annotations.*;",
                "public interface Base<T> {",
                "  @Traced(metrics = \"size\") java.util.List<T> load(T key);",
                "  void forget(T key);",
                "}"),
            source(
                "test.Store",
                "package test;",
                "import io.spanweave.annotations.*;",
                "public interface Store extends Base<String> {",
                "  @Traced void flush();",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String store = generatedSource(compilation, "test.TracedStore");
    assertThat(store).contains("public List<String> load(String key) {");
    assertThat(store).contains("span.longMetric(\"size\", result.size());");
    assertThat(store).contains("public void forget(String key) {\n    delegate.forget(key);\n  }");
    String base = generatedSource(compilation, "test.TracedBase");
    assertThat(base).contains("public final class TracedBase<T> implements Base<T> {");
    assertThat(base).contains("public static <T> Base<T> wrap(Base<T> delegate) {");
    assertThat(base).contains("return new TracedBase<>(delegate);");
  }

  @Test
  void typeParametersBoundedAndWildcardsOnTypesAndMethods() {
    Compilation compilation =
        compile(
            source(
                "test.Ranker",
                "package test;",
                "import io.spanweave.annotations.*;",
                "import java.util.*;",
                "import java.util.concurrent.CompletableFuture;",
                "public interface Ranker<T extends Comparable<? super T>, R extends Number> {",
                "  @Traced(metrics = \"best\") <S extends T> Ranking<R> rank(List<? extends S> items, Map<String, ? super R> scores);",
                "  @Traced <U extends Number & Comparable<U>> U pick(Collection<? extends U> candidates);",
                "  @Traced <V> CompletableFuture<V> later(V value);",
                "}"),
            source(
                "test.Ranking",
                "package test;",
                "public record Ranking<R extends Number>(R best) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedRanker");
    assertThat(source)
        .contains(
            "public final class TracedRanker<T extends Comparable<? super T>, R extends Number> implements Ranker<T, R> {");
    assertThat(source)
        .contains(
            "public <S extends T> Ranking<R> rank(List<? extends S> items, Map<String, ? super R> scores) {");
    assertThat(source).contains("Ranking<R> result = delegate.<S>rank(items, scores);");
    assertThat(source)
        .contains(
            "public <U extends Number & Comparable<U>> U pick(Collection<? extends U> candidates) {");
    assertThat(source).contains("return span.endWhenComplete(delegate.<V>later(value));");
  }

  @Test
  void varargsCheckedExceptionsAndGenericThrows() {
    Compilation compilation =
        compile(
            source(
                "test.Tools",
                "package test;",
                "import io.spanweave.annotations.*;",
                "import java.io.IOException;",
                "public interface Tools {",
                "  @Traced String join(@TraceAttribute String separator, @TraceAttribute String... parts) throws IOException, InterruptedException;",
                "  @Traced <E extends Exception> void attempt(Class<E> failure) throws E;",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedTools");
    assertThat(source)
        .contains("public String join(String separator, String... parts) throws IOException,");
    assertThat(source)
        .contains(
            "StageSpan span = JOIN.spanBuilder()\n        .stringAttribute(\"separator\", separator)\n"
                + "        .attribute(\"parts\", parts)\n        .start();");
    assertThat(source)
        .contains("public <E extends Exception> void attempt(Class<E> failure) throws E {");
    assertThat(source).contains("} catch (Throwable t) {\n      span.fail(t);\n      throw t;");
  }

  @Test
  void generatedCodeAddsNoWarningsUnderXlintAll() {
    Compilation compilation =
        com.google.testing.compile.Compiler.javac()
            .withProcessors(new TracedProcessor())
            .withOptions("-Xlint:all,-processing", "-Werror")
            .compile(
                source(
                    "test.Legacy",
                    "package test;",
                    "import io.spanweave.annotations.*;",
                    "import java.util.List;",
                    "@Deprecated",
                    "public interface Legacy<T> {",
                    "  @Traced @SuppressWarnings(\"unchecked\") List<T> all(T... items);",
                    "  @Traced @Deprecated void old();",
                    "  @Traced @SuppressWarnings(\"unchecked\") void lists(List<String>... batches);",
                    "  @Traced void plain(int... values);",
                    "}"),
                source(
                    "test.OldJudge",
                    "package test;",
                    "public class OldJudge {",
                    "  @Deprecated public OldJudge() {}",
                    "  @io.spanweave.annotations.Traced @Deprecated public void judge() {}",
                    "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String legacy = generatedSource(compilation, "test.TracedLegacy");
    assertThat(legacy)
        .contains("@Deprecated\npublic final class TracedLegacy<T> implements Legacy<T> {");
    assertThat(legacy)
        .contains(
            "@Override\n  @SuppressWarnings(\"unchecked\")\n  public List<T> all(T... items) {");
    assertThat(legacy).contains("@Override\n  @Deprecated\n  public void old() {");
    assertThat(legacy).contains("@Override\n  public void plain(int... values) {");
  }

  @Test
  void overloadsGetDistinctConstants() {
    Compilation compilation =
        compile(
            source(
                "test.Generator",
                "package test;",
                "import io.spanweave.annotations.*;",
                "public interface Generator {",
                "  @Traced String generate(String prompt);",
                "  @Traced String generate(String prompt, int maxTokens);",
                "  @Traced(name = \"gen.batch\") String generate(java.util.List<String> prompts);",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedGenerator");
    assertThat(source).contains("Stage GENERATE = Stage.define(\"Generator.generate\"");
    assertThat(source).contains("Stage GENERATE_2 = Stage.define(\"Generator.generate\"");
    assertThat(source).contains("Stage GENERATE_3 = Stage.define(\"gen.batch\"");
    assertThat(source).contains("StageSpan span = GENERATE_2.start();");
  }

  @Test
  void primitiveAndVoidReturnsAndEveryAttributeType() {
    Compilation compilation =
        compile(
            source("test.Mode", "package test;", "public enum Mode { FAST, SLOW }"),
            source(
                "test.Counter",
                "package test;",
                "import io.spanweave.annotations.*;",
                "import java.util.List;",
                "public interface Counter {",
                "  @Traced(metrics = {\"n\", \"flag\", \"ratio\"}) int count(@TraceAttribute int n, @TraceAttribute boolean flag,",
                "      @TraceAttribute float ratio, @TraceAttribute char letter, @TraceAttribute Character boxedLetter,",
                "      @TraceAttribute short s, @TraceAttribute byte b, @TraceAttribute double d, @TraceAttribute long l,",
                "      @TraceAttribute Integer boxed, @TraceAttribute Double boxedDouble, @TraceAttribute Boolean boxedFlag,",
                "      @TraceAttribute Mode mode, @TraceAttribute String text, @TraceAttribute int[] ints, @TraceAttribute long[] longs,",
                "      @TraceAttribute double[] doubles, @TraceAttribute boolean[] flags, @TraceAttribute String[] texts,",
                "      @TraceAttribute Mode[] modes, @TraceAttribute Integer[] boxedInts, @TraceAttribute List<String> names,",
                "      @TraceAttribute List<Mode> modeList, @TraceAttribute List<? extends Number> numbers);",
                "  @Traced boolean check();",
                "  @Traced double ratio();",
                "  @Traced void reset();",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedCounter");
    // One builder method per type, so that javac resolves no overloads: the typed ones for
    // primitives and text, attribute(String, Object) for boxed values, enums, arrays and lists.
    assertThat(source).contains(".longAttribute(\"n\", n)");
    assertThat(source).contains(".booleanAttribute(\"flag\", flag)");
    assertThat(source).contains(".doubleAttribute(\"ratio\", ratio)");
    assertThat(source).contains(".stringAttribute(\"letter\", String.valueOf(letter))");
    assertThat(source)
        .contains(".stringAttribute(\"boxedLetter\", Objects.toString(boxedLetter, null))");
    assertThat(source).contains(".longAttribute(\"s\", s)");
    assertThat(source).contains(".longAttribute(\"b\", b)");
    assertThat(source).contains(".stringAttribute(\"text\", text)");
    assertThat(source).contains(".attribute(\"boxed\", boxed)");
    assertThat(source).contains(".attribute(\"mode\", mode)");
    assertThat(source).contains(".attribute(\"ints\", ints)");
    assertThat(source).contains(".attribute(\"modeList\", modeList)");
    assertThat(source).doesNotContain("AttributeName");
    assertThat(source).contains("int result = delegate.count(");
    assertThat(source).contains("span.longMetric(\"n\", n);");
    assertThat(source).contains("span.booleanMetric(\"flag\", flag);");
    assertThat(source).contains("span.doubleMetric(\"ratio\", ratio);");
    assertThat(source).contains("return delegate.check();");
    assertThat(source)
        .contains(
            "public void reset() {\n    StageSpan span = RESET.start();\n    try {\n      delegate.reset();");
  }

  @Test
  void completionStagesOfEveryFlavour() {
    Compilation compilation =
        compile(
            source(
                "test.Score",
                "package test;",
                "public record Score(double value, Details details) {}"),
            source(
                "test.Details",
                "package test;",
                "public class Details { public int getVotes() { return 1; } public boolean isFinal() { return true; } }"),
            source(
                "test.ScoreFuture",
                "package test;",
                "public class ScoreFuture extends java.util.concurrent.CompletableFuture<Score> {}"),
            source(
                "test.Judge",
                "package test;",
                "import io.spanweave.annotations.*;",
                "import java.util.concurrent.*;",
                "public interface Judge {",
                "  @Traced(metrics = {\"value\", \"votes=details.votes\", \"details.final\"}) CompletionStage<Score> judge(String id);",
                "  @Traced(metrics = \"value\") CompletableFuture<? extends Score> wildcard();",
                "  @Traced(metrics = \"value\") ScoreFuture custom();",
                "  @Traced(metrics = \"attempts\") CompletableFuture<Void> retry(@TraceAttribute int attempts);",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedJudge");
    assertThat(source)
        .contains(
            "      return span.endWhenComplete(delegate.judge(id), value -> {\n"
                + "        span.doubleMetric(\"value\", value.value());\n"
                + "        if (value.details() != null) {\n"
                + "          span.longMetric(\"votes\", value.details().getVotes());\n"
                + "        }\n"
                + "        if (value.details() != null) {\n"
                + "          span.booleanMetric(\"details.final\", value.details().isFinal());\n"
                + "        }\n"
                + "      });\n");
    assertThat(source)
        .contains(
            "return span.endWhenComplete(delegate.custom(), value -> span.doubleMetric(\"value\", value.value()));");
    assertThat(source)
        .contains(
            "return span.endWhenComplete(delegate.retry(attempts), value -> span.longMetric(\"attempts\", attempts));");
    assertThat(source)
        .contains(
            "} catch (Throwable t) {\n      span.fail(t);\n      span.end();\n      throw t;\n    }\n  }");
  }

  @Test
  void nestedTypesAreNamedAfterTheirEnclosingTypes() {
    Compilation compilation =
        compile(
            source(
                "test.Outer",
                "package test;",
                "import io.spanweave.annotations.*;",
                "public class Outer {",
                "  public interface Inner {",
                "    @Traced void run();",
                "    interface Deeper { @Traced void run(); }",
                "  }",
                "  static class Helper { @Traced protected int help() { return 1; } }",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedSource(compilation, "test.TracedOuter_Inner"))
        .contains("public final class TracedOuter_Inner implements Outer.Inner {");
    assertThat(generatedSource(compilation, "test.TracedOuter_Inner_Deeper"))
        .contains("Stage RUN = Stage.define(\"Deeper.run\"");
    String helper = generatedSource(compilation, "test.TracedOuter_Helper");
    assertThat(helper).contains("class TracedOuter_Helper extends Outer.Helper {");
    assertThat(helper).doesNotContain("public class");
    assertThat(helper).doesNotContain("final class");
    assertThat(helper).contains("protected int help() {");
  }

  @Test
  void classesGetASubclassMirroringTheirAccessibleConstructors() {
    Compilation compilation =
        compile(
            source(
                "test.Judger",
                "package test;",
                "import io.spanweave.annotations.*;",
                "import java.io.IOException;",
                "public class Judger<T extends CharSequence> {",
                "  public Judger(String model, int... seeds) throws IOException {}",
                "  protected Judger(T first) {}",
                "  Judger() {}",
                "  private Judger(long hidden) {}",
                "  @Traced(kind = Kind.REWARD, metrics = \"length\") public T judge(T text) { return text; }",
                "  public void untraced() {}",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedJudger");
    // not final: Spring's CGLIB proxies (@Async, @Transactional) subclass a class-typed bean
    assertThat(source)
        .contains("public class TracedJudger<T extends CharSequence> extends Judger<T> {");
    assertThat(source)
        .contains(
            "public TracedJudger(String model, int... seeds) throws IOException {\n    super(model, seeds);\n  }");
    assertThat(source).contains("protected TracedJudger(T first) {\n    super(first);\n  }");
    assertThat(source).contains("TracedJudger() {\n    super();\n  }");
    assertThat(source).doesNotContain("long hidden");
    assertThat(source).contains("T result = super.judge(text);");
    assertThat(source).contains("span.longMetric(\"length\", result.length());");
    assertThat(source).doesNotContain("untraced");
  }

  @Test
  void aClassDelegateCanBeSubclassedAsSpringsCglibProxiesDo() {
    Compilation compilation =
        compile(
            source(
                "test.Grader",
                "package test;",
                "import io.spanweave.annotations.*;",
                "public class Grader {",
                "  @Traced(kind = Kind.REWARD) public double grade(String answer) { return 1.0; }",
                "}"),
            source(
                "test.GraderProxy",
                "package test;",
                "class GraderProxy extends TracedGrader {",
                "  @Override public double grade(String answer) { return super.grade(answer); }",
                "}"));

    assertThat(compilation).succeeded();
  }

  @Test
  void tracedOnAClassCoversItsPublicMethodsIncludingInheritedOnes() {
    Compilation compilation =
        compile(
            source(
                "test.BaseStep",
                "package test;",
                "public class BaseStep { public String name() { return \"s\"; } }"),
            source(
                "test.Step",
                "package test;",
                "import io.spanweave.annotations.*;",
                "@Traced(kind = Kind.ENV_STEP, stage = \"env\")",
                "public class Step extends BaseStep {",
                "  public int act(int action) { return action; }",
                "  protected void hidden() {}",
                "  public static void util() {}",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedStep");
    assertThat(source).contains("Stage ACT = Stage.define(\"Step.act\", \"env\", Kind.ENV_STEP);");
    assertThat(source)
        .contains("Stage NAME = Stage.define(\"Step.name\", \"env\", Kind.ENV_STEP);");
    assertThat(source).contains("return super.name();");
    assertThat(source).doesNotContain("hidden");
    assertThat(source).doesNotContain("util");
  }

  @Test
  void metricPathsReachGettersRecordComponentsArraysAndParameters() {
    Compilation compilation =
        compile(
            source(
                "test.Result",
                "package test;",
                "public class Result {",
                "  public long getTokenCount() { return 1; }",
                "  public boolean isTruncated() { return false; }",
                "  public Integer retries() { return null; }",
                "  public int[] getScores() { return new int[0]; }",
                "}"),
            source(
                "test.Model",
                "package test;",
                "import io.spanweave.annotations.*;",
                "public interface Model {",
                "  @Traced(metrics = {\"tokenCount\", \"truncated\", \"retries\", \"scores.length\", \"prompt.length\", \"n=maxTokens\"})",
                "  Result call(String prompt, int maxTokens);",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedModel");
    assertThat(source)
        .contains(
            "      Result result = delegate.call(prompt, maxTokens);\n"
                + "      try {\n"
                + "        if (result != null) {\n"
                + "          span.longMetric(\"tokenCount\", result.getTokenCount());\n"
                + "          span.booleanMetric(\"truncated\", result.isTruncated());\n"
                + "          span.numberMetric(\"retries\", result.retries());\n"
                + "          if (result.getScores() != null) {\n"
                + "            span.longMetric(\"scores.length\", result.getScores().length);\n"
                + "          }\n"
                + "        }\n"
                + "        if (prompt != null) {\n"
                + "          span.longMetric(\"prompt.length\", prompt.length());\n"
                + "        }\n"
                + "        span.longMetric(\"n\", maxTokens);\n"
                + "      } catch (RuntimeException e) {\n"
                + "        span.metricFailed(e);\n"
                + "      }\n");
  }

  @Test
  void boundariesFindTheirCarrier() {
    Compilation compilation =
        compile(
            source(
                "test.Headers",
                "package test;",
                "public final class Headers implements io.spanweave.api.TraceCarrier {",
                "  public String get(String key) { return null; }",
                "  public void set(String key, String value) {}",
                "  public Iterable<String> keys() { return java.util.List.of(); }",
                "}"),
            source(
                "test.Rpc",
                "package test;",
                "import io.spanweave.annotations.*;",
                "import java.util.*;",
                "public interface Rpc {",
                "  @TraceBoundary(Direction.OUTBOUND) void send(Headers headers, String body);",
                "  @Traced(kind = Kind.TOOL) @TraceBoundary(value = Direction.INBOUND, carrier = \"meta\")",
                "  String receive(HashMap<String, String> meta, Map<String, String> options);",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedRpc");
    assertThat(source).contains("StageSpan span = SEND.startOutbound(headers);");
    assertThat(source).contains("StageSpan span = RECEIVE.startInbound(meta);");
    assertThat(source)
        .contains("Stage RECEIVE = Stage.define(\"Rpc.receive\", \"receive\", Kind.TOOL);");
  }

  @Test
  void adviceBindingsPassTheArgumentOfTheAdvicesType() {
    Compilation compilation =
        compile(
            source("test.Job", "package test;", "public record Job(String id) {}"),
            source("test.SpecialJob", "package test;", "public record SpecialJob(String id) {}"),
            source(
                "test.BaseAdvice",
                "package test;",
                "public abstract class BaseAdvice<A> extends io.spanweave.api.StageAdvice<A> {}"),
            source(
                "test.JobAdvice",
                "package test;",
                "public final class JobAdvice extends BaseAdvice<Job> {}"),
            source(
                "test.JobStage",
                "package test;",
                "@io.spanweave.annotations.TraceAdvice(JobAdvice.class)",
                "@java.lang.annotation.Target(java.lang.annotation.ElementType.METHOD)",
                "public @interface JobStage { String value() default \"\"; }"),
            source(
                "test.Jobs",
                "package test;",
                "import java.util.List;",
                "public interface Jobs {",
                "  @JobStage(\"jobs.run\") String run(String name, Job job);",
                "  @JobStage int runAll(List<Job> jobs, SpecialJob other);",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedJobs");
    assertThat(source)
        .contains(
            "private static final Stage RUN = Stage.define(\"jobs.run\", \"jobs.run\", Kind.CUSTOM);");
    assertThat(source).contains("private static final JobAdvice RUN_ADVICE = new JobAdvice();");
    assertThat(source).contains("StageSpan span = RUN.start(RUN_ADVICE, job);");
    assertThat(source).contains("span.returned(result);");
    assertThat(source).contains("StageSpan span = RUN_ALL.startBatch(RUN_ALL_ADVICE, jobs);");
    assertThat(source).contains("Stage RUN_ALL = Stage.define(\"Jobs.runAll\"");
  }

  @Test
  void aBindingGivesTheDefaultStageAndKindAndAnExplicitTracedOverridesThem() {
    Compilation compilation =
        compile(
            source("test.Job", "package test;", "public record Job(String id, int attempts) {}"),
            source(
                "test.JobAdvice",
                "package test;",
                "public final class JobAdvice extends io.spanweave.api.StageAdvice<Job> {}"),
            source(
                "test.JobStage",
                "package test;",
                "import io.spanweave.annotations.Kind;",
                "@io.spanweave.annotations.TraceAdvice(JobAdvice.class)",
                "public @interface JobStage { String value() default \"\"; Kind kind() default Kind.ROLLOUT; }"),
            source(
                "test.PlainStage",
                "package test;",
                "@io.spanweave.annotations.TraceAdvice(JobAdvice.class)",
                "public @interface PlainStage { String value(); String kind() default \"not a Kind\"; }"),
            source(
                "test.Jobs",
                "package test;",
                "import io.spanweave.annotations.*;",
                "public interface Jobs {",
                "  @JobStage(\"jobs.controller.run\") void controllerRun(Job job);",
                "  @JobStage(value = \"jobs.worker.run\", kind = Kind.MODEL) void workerRun(Job job);",
                "  @JobStage void unnamed(Job job);",
                "  @Traced(stage = \"run\", kind = Kind.TOOL) @JobStage(\"jobs.tool.run\") void explicit(Job job);",
                "  @Traced(metrics = \"job.attempts\") @JobStage(\"jobs.judge.run\") void metricsOnly(Job job);",
                "  @PlainStage(\"jobs.plain.run\") void plain(Job job);",
                "}"),
            source(
                "test.TypeTraced",
                "package test;",
                "import io.spanweave.annotations.*;",
                "@Traced(stage = \"type.stage\", kind = Kind.TOOL)",
                "public interface TypeTraced {",
                "  @JobStage(\"jobs.covered.run\") void covered(Job job);",
                "  void other(Job job);",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String jobs = generatedSource(compilation, "test.TracedJobs");
    // the binding's span name is the stage, its Kind kind() (declared default or written) the kind
    assertThat(jobs)
        .contains(
            "Stage CONTROLLER_RUN = Stage.define(\"jobs.controller.run\", \"jobs.controller.run\", Kind.ROLLOUT);");
    assertThat(jobs)
        .contains(
            "Stage WORKER_RUN = Stage.define(\"jobs.worker.run\", \"jobs.worker.run\", Kind.MODEL);");
    assertThat(jobs)
        .contains("Stage UNNAMED = Stage.define(\"Jobs.unnamed\", \"unnamed\", Kind.ROLLOUT);");
    // what the method's @Traced writes wins; what it leaves out still comes from the binding
    assertThat(jobs)
        .contains("Stage EXPLICIT = Stage.define(\"jobs.tool.run\", \"run\", Kind.TOOL);");
    assertThat(jobs)
        .contains(
            "Stage METRICS_ONLY = Stage.define(\"jobs.judge.run\", \"jobs.judge.run\", Kind.ROLLOUT);");
    // an element named kind that is not a Kind is not the binding's kind
    assertThat(jobs)
        .contains(
            "Stage PLAIN = Stage.define(\"jobs.plain.run\", \"jobs.plain.run\", Kind.CUSTOM);");
    // the binding on the method is more specific than @Traced on the type
    String typeTraced = generatedSource(compilation, "test.TracedTypeTraced");
    assertThat(typeTraced)
        .contains(
            "Stage COVERED = Stage.define(\"jobs.covered.run\", \"jobs.covered.run\", Kind.ROLLOUT);");
    assertThat(typeTraced)
        .contains("Stage OTHER = Stage.define(\"TypeTraced.other\", \"type.stage\", Kind.TOOL);");
  }

  @Test
  void generatedLocalsAndImportsNeverCollideWithUserNames() {
    Compilation compilation =
        compile(
            source("test.Stage", "package test;", "public record Stage(int number) {}"),
            source(
                "test.Clash",
                "package test;",
                "import io.spanweave.annotations.*;",
                "public interface Clash {",
                "  @Traced(metrics = \"number\") Stage run(@TraceAttribute String span, @TraceAttribute long result, String t,",
                "      String delegate, String value, String RUN, String SPAN_KEY);",
                "  @Traced(metrics = \"number\") java.util.concurrent.CompletableFuture<Stage> later(String value, String span);",
                "}"));

    assertThat(compilation).succeededWithoutWarnings();
    String source = generatedSource(compilation, "test.TracedClash");
    assertThat(source)
        .contains(
            "StageSpan stageSpan = RUN_2.spanBuilder()\n        .stringAttribute(\"span\", span)\n"
                + "        .longAttribute(\"result\", result)\n        .start();");
    assertThat(source)
        .contains(
            "private static final io.spanweave.api.Stage RUN_2 = io.spanweave.api.Stage.define(");
    assertThat(source)
        .contains(
            "Stage returned = this.delegate.run(span, result, t, delegate, value, RUN, SPAN_KEY);");
    assertThat(source).contains("} catch (Throwable failure) {");
    assertThat(source)
        .contains("completed -> stageSpan.longMetric(\"number\", completed.number())");
  }

  @Test
  void registersWithAutoServiceAndAsAnIsolatingGradleProcessor() throws Exception {
    ClassLoader loader = TracedProcessor.class.getClassLoader();
    try (var services =
            loader.getResourceAsStream("META-INF/services/javax.annotation.processing.Processor");
        var gradle =
            loader.getResourceAsStream("META-INF/gradle/incremental.annotation.processors")) {
      assertThat(
              new String(services.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim())
          .isEqualTo(TracedProcessor.class.getName());
      assertThat(new String(gradle.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim())
          .isEqualTo("io.spanweave.processor.TracedProcessor,isolating");
    }
  }

  @Test
  void eachGeneratedFileHasTheAnnotatedTypeAsItsOnlyOriginatingElement() {
    OriginRecordingProcessor recorder = new OriginRecordingProcessor();
    // The recording proxy is no wrapper the lint rules can look behind, and they fail closed behind
    // one: here they are turned off explicitly, as a build with such a wrapper would.
    Compilation compilation =
        com.google.testing.compile.Compiler.javac()
            .withProcessors(recorder)
            .withOptions("-Aspanweave.lint=off")
            .compile(
                source(
                    "test.A",
                    "package test;",
                    "public interface A { @io.spanweave.annotations.Traced void a(); }"),
                source(
                    "test.B",
                    "package test;",
                    "@io.spanweave.annotations.Traced public class B { public void b() {} }"));

    assertThat(compilation).succeeded();
    assertThat(recorder.originatingElements)
        .containsExactly("test.TracedA", "[test.A]", "test.TracedB", "[test.B]");
  }

  @Test
  void typesThatAnotherProcessorGeneratesAreWaitedFor() {
    JavaFileObject worker =
        source(
            "test.Worker",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced(metrics = \"count\") Later run();",
            "}");
    Compilation compilation =
        com.google.testing.compile.Compiler.javac()
            .withProcessors(new TracedProcessor(), new GeneratesLater())
            .compile(worker);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generatedSource(compilation, "test.TracedWorker"))
        .contains("span.longMetric(\"count\", result.count());");
  }

  /** Another processor that writes {@code test.Later} in the first round. */
  static final class GeneratesLater extends javax.annotation.processing.AbstractProcessor {
    private boolean written;

    @Override
    public java.util.Set<String> getSupportedAnnotationTypes() {
      return java.util.Set.of("*");
    }

    @Override
    public javax.lang.model.SourceVersion getSupportedSourceVersion() {
      return javax.lang.model.SourceVersion.latestSupported();
    }

    @Override
    public boolean process(
        java.util.Set<? extends javax.lang.model.element.TypeElement> annotations,
        javax.annotation.processing.RoundEnvironment round) {
      if (!written) {
        written = true;
        try (java.io.Writer out =
            processingEnv.getFiler().createSourceFile("test.Later").openWriter()) {
          out.write("package test; public record Later(int count) {}");
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return false;
    }
  }
}
