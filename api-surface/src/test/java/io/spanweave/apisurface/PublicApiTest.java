package io.spanweave.apisurface;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.annotations.Traced;
import io.spanweave.api.Trace;
import io.spanweave.genai.GenAiCall;
import io.spanweave.langchain4j.SpanweaveChatModelListener;
import io.spanweave.openai.TracedOpenAI;
import io.spanweave.rollout.RolloutTrace;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runtime.Tracing;
import io.spanweave.testing.SpanRecorder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The public API of each published module, compared with the listing committed beside its POM
 * ({@code <module>/public-api.txt}): a changed signature, a new public type or a removed method
 * fails the build until the listing is updated, so an API change is deliberate and shows in review,
 * as opentelemetry-java's recorded API diffs do.
 */
class PublicApiTest {

  /** A module whose API is recorded, found through one of its classes. */
  record Module(String directory, Class<?> anchor) {

    @Override
    public String toString() {
      return directory;
    }
  }

  static Stream<Module> modules() {
    return Stream.of(
        new Module("annotations", Traced.class),
        new Module("api", Trace.class),
        new Module("run-files", RunPartCodec.class),
        new Module("runtime", Tracing.class),
        new Module("testing", SpanRecorder.class),
        new Module("rollout-preset", RolloutTrace.class),
        new Module("genai", GenAiCall.class),
        new Module("langchain4j", SpanweaveChatModelListener.class),
        new Module("openai", TracedOpenAI.class));
  }

  @ParameterizedTest
  @MethodSource("modules")
  void theListedApiIsTheApi(Module module) throws IOException {
    Path recorded = root().resolve(module.directory()).resolve("public-api.txt");
    List<String> actual = ApiListing.of(module.anchor());
    if (Boolean.getBoolean("spanweave.api.update")) {
      Files.write(recorded, actual);
      return;
    }
    List<String> expected = Files.exists(recorded) ? Files.readAllLines(recorded) : List.of();
    if (!actual.equals(expected)) {
      Set<String> added = new LinkedHashSet<>(actual);
      added.removeAll(expected);
      Set<String> removed = new LinkedHashSet<>(expected);
      removed.removeAll(actual);
      List<String> report = new ArrayList<>();
      added.forEach(line -> report.add("+ " + line));
      removed.forEach(line -> report.add("- " + line));
      throw new AssertionError(
          "The public API of "
              + module.directory()
              + " is not the one recorded in "
              + root().relativize(recorded)
              + ":\n"
              + String.join("\n", report)
              + "\nIf the change is meant, record it "
              + "(and let review see it): mvn -B -pl api-surface -am verify -Dtest=PublicApiTest "
              + "-Dsurefire.failIfNoSpecifiedTests=false -Dspanweave.api.update=true");
    }
    assertThat(actual).as("a module with no public API").isNotEmpty();
  }

  private static Path root() {
    String root = System.getProperty("spanweave.root");
    return root == null || root.isBlank()
        ? Path.of("..").toAbsolutePath().normalize()
        : Path.of(root);
  }
}
