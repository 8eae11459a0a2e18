package org.eclipse.jdt.internal.apt.pluggable.core.dispatch;

import org.eclipse.jdt.internal.compiler.apt.dispatch.BaseProcessingEnvImpl;

/** The IDE's environment while a file is edited (see {@link IdeProcessingEnvImpl}). */
public class IdeReconcileProcessingEnvImpl extends IdeProcessingEnvImpl {

  public IdeReconcileProcessingEnvImpl(BaseProcessingEnvImpl batch) {
    super(batch, "RECONCILE");
  }
}
