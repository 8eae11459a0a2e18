package io.spanweave.reactor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.spanweave.processor.TracedProcessor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * docs/reactor.md: its complete source files compile with the processor, and the generated code it
 * shows is what the processor writes for them.
 */
class DocPageTest {

  private static final Path PAGE = Path.of("../docs/reactor.md");
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);
  private static final Pattern TYPE_NAME =
      Pattern.compile("public (?:interface|class|record) (\\w+)");

  @Test
  void theExampleCompilesAndTheGeneratedCodeShownIsWritten() throws IOException {
    List<JavaFileObject> sources = new ArrayList<>();
    String generatedShown = null;
    Matcher block = JAVA_BLOCK.matcher(Files.readString(PAGE));
    while (block.find()) {
      String code = block.group(1);
      if (code.startsWith("package ")) {
        Matcher type = TYPE_NAME.matcher(code);
        assertThat(type.find()).as("a public type in:\n" + code).isTrue();
        sources.add(JavaFileObjects.forSourceString("demo." + type.group(1), code));
      } else if (code.startsWith("// Generated")) {
        generatedShown = code.substring(code.indexOf('\n') + 1);
      }
    }
    assertThat(sources).hasSize(2);

    Compilation compilation =
        Compiler.javac().withProcessors(new TracedProcessor()).compile(sources);

    assertThat(compilation).succeededWithoutWarnings();
    String generated =
        compilation
            .generatedSourceFile("demo.TracedJudge")
            .orElseThrow()
            .getCharContent(true)
            .toString();
    assertThat(generatedShown).isNotNull();
    assertThat(generated).contains(generatedShown.strip().indent(2).stripTrailing());
  }
}
