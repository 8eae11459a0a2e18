package io.spanweave.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;

/**
 * Compiles the fixtures with the processor and loads the generated {@code Traced*} classes next to
 * the fixtures that Maven compiled, so tests call them through the fixtures' own types: only {@code
 * wrap} or the constructor is reached by reflection.
 */
final class GeneratedDelegates {

  private static final Path FIXTURES = Path.of("src/test/java/io/spanweave/processor/fixtures");
  private static final String PACKAGE = "io.spanweave.processor.fixtures.";

  private static ClassLoader loader;

  private GeneratedDelegates() {}

  /** {@code TracedX.wrap(delegate)} for an interface fixture {@code X}. */
  static <T> T wrap(Class<T> type, T delegate) {
    try {
      Class<?> traced = load(type);
      return type.cast(traced.getMethod("wrap", type).invoke(null, delegate));
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /** {@code new TracedX(arguments)} for a class fixture {@code X}. */
  static <T> T construct(Class<T> type, Class<?>[] parameterTypes, Object... arguments) {
    try {
      return type.cast(load(type).getConstructor(parameterTypes).newInstance(arguments));
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  static Class<?> load(Class<?> type) throws ClassNotFoundException {
    return Class.forName(PACKAGE + "Traced" + type.getSimpleName(), true, loader());
  }

  private static synchronized ClassLoader loader() {
    if (loader == null) {
      Compilation compilation = Compilations.compile(fixtureSources());
      assertWithMessage("fixtures compile with the processor: " + compilation.diagnostics())
          .that(compilation.status())
          .isEqualTo(Compilation.Status.SUCCESS);
      Map<String, byte[]> generated = new HashMap<>();
      for (JavaFileObject file : compilation.generatedFiles()) {
        String name = file.getName(); // such as
        // /CLASS_OUTPUT/io/spanweave/processor/fixtures/TracedPipeline.class
        if (file.getKind() == JavaFileObject.Kind.CLASS && name.contains("/Traced")) {
          String binaryName =
              name.substring(name.indexOf("io/spanweave"), name.length() - ".class".length())
                  .replace('/', '.');
          generated.put(binaryName, bytes(file));
        }
      }
      loader =
          new ClassLoader(GeneratedDelegates.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
              byte[] bytes = generated.get(name);
              if (bytes == null) {
                throw new ClassNotFoundException(name);
              }
              return defineClass(name, bytes, 0, bytes.length);
            }
          };
    }
    return loader;
  }

  private static JavaFileObject[] fixtureSources() {
    try (Stream<Path> files = Files.list(FIXTURES)) {
      List<JavaFileObject> sources =
          files
              .filter(f -> f.toString().endsWith(".java"))
              .map(
                  f -> {
                    try {
                      return JavaFileObjects.forResource(f.toUri().toURL());
                    } catch (MalformedURLException e) {
                      throw new UncheckedIOException(e);
                    }
                  })
              .toList();
      return sources.toArray(new JavaFileObject[0]);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] bytes(JavaFileObject file) {
    try (InputStream in = file.openInputStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
