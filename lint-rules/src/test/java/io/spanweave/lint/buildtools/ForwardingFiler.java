package io.spanweave.lint.buildtools;

import java.io.IOException;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;

/**
 * A {@code Filer} of a build tool's own: it forwards every call, as Gradle's and IntelliJ's do
 * after taking notes.
 */
final class ForwardingFiler implements Filer {

  private final Filer filer;

  ForwardingFiler(Filer filer) {
    this.filer = filer;
  }

  @Override
  public JavaFileObject createSourceFile(CharSequence name, Element... originatingElements)
      throws IOException {
    return filer.createSourceFile(name, originatingElements);
  }

  @Override
  public JavaFileObject createClassFile(CharSequence name, Element... originatingElements)
      throws IOException {
    return filer.createClassFile(name, originatingElements);
  }

  @Override
  public FileObject createResource(
      JavaFileManager.Location location,
      CharSequence moduleAndPkg,
      CharSequence relativeName,
      Element... originatingElements)
      throws IOException {
    return filer.createResource(location, moduleAndPkg, relativeName, originatingElements);
  }

  @Override
  public FileObject getResource(
      JavaFileManager.Location location, CharSequence moduleAndPkg, CharSequence relativeName)
      throws IOException {
    return filer.getResource(location, moduleAndPkg, relativeName);
  }
}
