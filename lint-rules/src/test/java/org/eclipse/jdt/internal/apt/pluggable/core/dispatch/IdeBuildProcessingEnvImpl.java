package org.eclipse.jdt.internal.apt.pluggable.core.dispatch;

import org.eclipse.jdt.internal.compiler.apt.dispatch.BaseProcessingEnvImpl;

/** The IDE's environment while the workspace builds (see {@link IdeProcessingEnvImpl}). */
public class IdeBuildProcessingEnvImpl extends IdeProcessingEnvImpl {

  public IdeBuildProcessingEnvImpl(BaseProcessingEnvImpl batch) {
    super(batch, "BUILD");
  }
}
