package io.spanweave.lint.rules;

import com.sun.source.tree.ImportTree;
import com.sun.source.util.TreePath;
import io.spanweave.lint.LintContext;
import io.spanweave.lint.LintOptions;
import io.spanweave.lint.LintRule;

/**
 * {@code direct-sdk}: code outside the SDK adapter package imports {@code io.opentelemetry.sdk}.
 * The OpenTelemetry API is the stable, no-op-able surface; the SDK is an implementation choice
 * that spanweave's SDK module ({@code io.spanweave.runtime}) owns. Code that reaches into the SDK
 * breaks when the exporter or the SDK version changes, and drags the SDK into every consumer.
 * Projects with their own adapter name it with {@code -Aspanweave.sdkAdapterPackages}.
 */
public final class DirectSdkRule extends LintRule {

  public static final String ID = "direct-sdk";
  private static final String SDK = "io.opentelemetry.sdk";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String summary() {
    return "only the OpenTelemetry adapter package may import io.opentelemetry.sdk";
  }

  @Override
  public void checkImport(ImportTree importTree, LintContext context) {
    String imported = importTree.getQualifiedIdentifier().toString();
    if (!LintOptions.isIn(imported, SDK)) {
      return;
    }
    String pkg = context.packageName();
    for (String adapter : context.options().sdkAdapterPackages()) {
      if (LintOptions.isIn(pkg, adapter)) {
        return;
      }
    }
    TreePath at = new TreePath(new TreePath(context.compilationUnit()), importTree);
    context.report(this, at, "package " + (pkg.isEmpty() ? "(unnamed)" : pkg) + " imports the OpenTelemetry SDK ("
        + imported + ") but only the adapter package (" + String.join(", ", context.options().sdkAdapterPackages())
        + ") may. Use the OpenTelemetry API (io.opentelemetry.api) or spanweave's runtime API (Trace, TraceConfig)"
        + " instead, or move this code into the adapter package (-A" + LintOptions.SDK_ADAPTER_PACKAGES + "=...).");
  }
}
