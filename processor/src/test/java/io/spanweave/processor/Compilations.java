package io.spanweave.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.tools.JavaFileObject;

/** Runs real javac with the processor over sources written in the tests. */
final class Compilations {

  private Compilations() {}

  static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new TracedProcessor()).compile(sources);
  }

  /** A source file {@code name} (such as {@code test.Worker}) from its lines. */
  static JavaFileObject source(String name, String... lines) {
    return JavaFileObjects.forSourceLines(name, lines);
  }

  /** The text of a generated source, such as {@code test.TracedWorker}. */
  static String generatedSource(Compilation compilation, String qualifiedName) {
    JavaFileObject file = compilation.generatedSourceFile(qualifiedName).orElse(null);
    assertWithMessage("generated " + qualifiedName + "; diagnostics: " + compilation.diagnostics())
        .that(file)
        .isNotNull();
    try {
      return file.getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
