package io.spanweave.lint.internal;

/**
 * Tells the processing environments of Eclipse's compiler (ecj) apart, by the names of their
 * classes: no Eclipse class is loaded. Eclipse's compiler has no javac trees, so only the
 * declarations can be checked under it; what happens to the checks of call sites depends on where
 * it runs:
 *
 * <ul>
 *   <li>inside the Eclipse IDE (and VS Code's Java extension, whose language server is Eclipse's),
 *       the JDT APT plug-in hands processors an {@code IdeProcessingEnvImpl}: an {@code
 *       IdeBuildProcessingEnvImpl} when the workspace builds, an {@code
 *       IdeReconcileProcessingEnvImpl} while a file is edited. There the command-line build is
 *       still to come, and checks it;
 *   <li>anywhere else ecj runs as a batch compiler (its command line, {@code javax.tools}, Maven's
 *       {@code compilerId eclipse}), with a {@code BatchProcessingEnvImpl} or another subclass of
 *       its {@code BaseProcessingEnvImpl}: that build is the last word, and fails closed.
 * </ul>
 */
public final class EclipseEnvironments {

  /** The base of every ecj processing environment. */
  static final String BASE = "org.eclipse.jdt.internal.compiler.apt.dispatch.BaseProcessingEnvImpl";

  /** JDT APT's environments in the IDE. */
  static final String IDE_PACKAGE = "org.eclipse.jdt.internal.apt.pluggable.core.dispatch.";

  static final String IDE = IDE_PACKAGE + "IdeProcessingEnvImpl";
  static final String IDE_RECONCILE = IDE_PACKAGE + "IdeReconcileProcessingEnvImpl";

  /** Where Eclipse's compiler runs. */
  public enum Phase {
    /** The IDE builds the workspace (a full or an incremental build). */
    IDE_BUILD,
    /** The IDE checks a file as it is edited (only with "enable processing in editor"). */
    IDE_RECONCILE,
    /** A batch compilation: ecj's command line, its {@code javax.tools} compiler, a build tool. */
    BATCH
  }

  private EclipseEnvironments() {}

  /** Where an environment of Eclipse's compiler runs, or {@code null} if it is not one. */
  public static Phase phaseOf(Object environment) {
    if (environment == null) {
      return null;
    }
    boolean ide = false;
    boolean reconcile = false;
    for (Class<?> type = environment.getClass(); type != null; type = type.getSuperclass()) {
      String name = type.getName();
      ide |= name.equals(IDE);
      reconcile |= name.equals(IDE_RECONCILE);
      if (name.equals(BASE)) {
        return reconcile ? Phase.IDE_RECONCILE : ide ? Phase.IDE_BUILD : Phase.BATCH;
      }
    }
    return null;
  }
}
