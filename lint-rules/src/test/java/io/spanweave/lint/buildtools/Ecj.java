package io.spanweave.lint.buildtools;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;
import org.eclipse.jdt.internal.apt.pluggable.core.dispatch.IdeBuildProcessingEnvImpl;
import org.eclipse.jdt.internal.apt.pluggable.core.dispatch.IdeReconcileProcessingEnvImpl;
import org.eclipse.jdt.internal.compiler.apt.dispatch.BaseProcessingEnvImpl;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;

/**
 * Eclipse's compiler (ecj, {@code org.eclipse.jdt:ecj} from Maven Central) through its {@code
 * javax.tools} compiler and compile-testing: a batch build as its command line and Maven's {@code
 * compilerId eclipse} run it, and, with {@link #ideBuild} or {@link #ideReconcile} as the wrapping
 * of a {@link WrappingProcessor}, the environment the Eclipse IDE hands processors.
 */
public final class Ecj {

  private static final Path SOURCES = Path.of("target", "ecj-sources");

  private Ecj() {}

  /**
   * Compiles {@code sources} with ecj at {@code --release 17}, with the given processors and more
   * options.
   */
  public static Compilation compile(
      List<? extends Processor> processors, List<String> options, List<JavaFileObject> sources) {
    List<String> all = new ArrayList<>(List.of("--release", "17"));
    all.addAll(options);
    return Compiler.compiler(new EclipseCompiler())
        .withProcessors(processors)
        .withOptions(all)
        .compile(onDisk(sources));
  }

  /**
   * The same sources as files: ecj's {@code javax.tools} compiler reads a source by its {@code
   * file:} URI, and compile-testing's in-memory sources have none. The returned objects are what
   * ecj's diagnostics name, for {@code inFile} assertions: the same source is always the same file
   * (its directory is named after its content).
   */
  public static List<JavaFileObject> onDisk(List<JavaFileObject> sources) {
    List<JavaFileObject> files = new ArrayList<>();
    try {
      for (JavaFileObject source : sources) {
        if ("file".equals(source.toUri().getScheme())) {
          files.add(source);
          continue;
        }
        String text = source.getCharContent(true).toString();
        String path = source.toUri().getPath().replaceFirst("^/+", "");
        Path file =
            SOURCES
                .resolve(
                    UUID.nameUUIDFromBytes((path + "\n" + text).getBytes(StandardCharsets.UTF_8))
                        .toString())
                .resolve(path)
                .toAbsolutePath();
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        files.add(JavaFileObjects.forResource(file.toUri().toURL()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /** {@link #onDisk(List)} for one source. */
  public static JavaFileObject onDisk(JavaFileObject source) {
    return onDisk(List.of(source)).get(0);
  }

  /** The Eclipse IDE's environment while the workspace builds, around ecj's batch environment. */
  public static ProcessingEnvironment ideBuild(ProcessingEnvironment batch) {
    return new IdeBuildProcessingEnvImpl((BaseProcessingEnvImpl) batch);
  }

  /** The Eclipse IDE's environment while a file is edited, around ecj's batch environment. */
  public static ProcessingEnvironment ideReconcile(ProcessingEnvironment batch) {
    return new IdeReconcileProcessingEnvImpl((BaseProcessingEnvImpl) batch);
  }
}
