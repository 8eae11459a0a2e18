package io.spanweave.bench.compile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * The floor of {@link CompileOverhead}: what javac charges any processor that writes the same
 * source files as spanweave's, with none of spanweave's analysis, generation or lint rules. In the
 * first round it writes, through the {@code Filer}, one file for every delegate under {@code
 * -Afloor.delegates=<dir>} (the delegates a spanweave run wrote), either the same text ({@code
 * -Afloor.mode=copy}: then javac compiles exactly what spanweave's processor makes it compile) or
 * an empty class of the same name ({@code -Afloor.mode=empty}: only the extra rounds and the {@code
 * Filer}'s checks). Each file names the type it stands for as its originating element, as
 * spanweave's processor does.
 */
public final class FloorProcessor extends AbstractProcessor {

  static final String MODE = "floor.mode";
  static final String DELEGATES = "floor.delegates";

  private boolean written;

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of("*"); // as spanweave's processor: javac then runs it every round
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(MODE, DELEGATES);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (written) {
      return false;
    }
    written = true;
    boolean copy = "copy".equals(processingEnv.getOptions().get(MODE));
    Path dir = Path.of(processingEnv.getOptions().get(DELEGATES));
    Map<String, Element> roots = new HashMap<>();
    for (Element root : round.getRootElements()) {
      if (root instanceof TypeElement) {
        roots.put(((TypeElement) root).getQualifiedName().toString(), root);
      }
    }
    try {
      for (Path file : delegates(dir)) {
        String relative =
            dir.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".");
        String name = relative.substring(0, relative.length() - ".java".length());
        int dot = name.lastIndexOf('.');
        String packageName = name.substring(0, dot);
        String simpleName = name.substring(dot + 1);
        Element origin = roots.get(packageName + "." + simpleName.substring("Traced".length()));
        String text =
            copy
                ? Files.readString(file)
                : "package " + packageName + ";\n\nfinal class " + simpleName + " {\n}\n";
        try (Writer writer = processingEnv.getFiler().createSourceFile(name, origin).openWriter()) {
          writer.write(text);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return false;
  }

  private static List<Path> delegates(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
    }
  }
}
