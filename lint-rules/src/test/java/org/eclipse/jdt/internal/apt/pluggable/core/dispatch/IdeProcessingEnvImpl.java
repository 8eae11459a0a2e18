package org.eclipse.jdt.internal.apt.pluggable.core.dispatch;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.eclipse.jdt.internal.compiler.apt.dispatch.BaseProcessingEnvImpl;

/**
 * The shape of the environment Eclipse's JDT APT plug-in hands to processors inside the IDE (and
 * inside VS Code's Java extension, whose language server is Eclipse's): a subclass of ecj's {@code
 * BaseProcessingEnvImpl} named {@code IdeProcessingEnvImpl}, with one subclass for builds and one
 * for reconciling an edited file, whose options carry the {@code phase}. Written from that
 * description for the tests; no JDT APT code. It runs on the real ecj: the compiler, the model and
 * the messager are those of ecj's batch environment it is made from.
 */
public abstract class IdeProcessingEnvImpl extends BaseProcessingEnvImpl {

  protected IdeProcessingEnvImpl(BaseProcessingEnvImpl batch, String phase) {
    _compiler = batch.getCompiler();
    _elementUtils = batch.getElementUtils();
    _typeUtils = batch.getTypeUtils();
    _messager = batch.getMessager();
    _filer = batch.getFiler();
    Map<String, String> options = new HashMap<>(batch.getOptions());
    options.put("phase", phase);
    _processorOptions = options;
  }

  @Override
  public Locale getLocale() {
    return Locale.getDefault();
  }
}
