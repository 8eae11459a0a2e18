package io.spanweave.lint;

import com.sun.source.tree.ImportTree;

/**
 * {@code direct-sdk}: the OpenTelemetry SDK used where it does harm. The API is the stable,
 * no-op-able surface that code makes spans with; the SDK (providers, processors, exporters) is an
 * implementation choice. Two uses are caught, outside the SDK adapter packages ({@code
 * io.spanweave.runtime}, spanweave's SDK module, or {@code -Aspanweave.sdkAdapterPackages}):
 *
 * <ul>
 *   <li>a base trace package imports the SDK: the base would drag it into every consumer;
 *   <li>a file imports the SDK and makes spans beside it ({@link SdkSpanMaking}): spans made
 *       through an SDK that spanweave does not configure bypass the run id, the trace file and the
 *       local collector, and break when the SDK changes.
 * </ul>
 *
 * An application's own SDK set-up, such as a Spring {@code @Configuration} that builds the {@code
 * OpenTelemetrySdk} spanweave should record through, is what the SDK is for and compiles.
 */
public final class DirectSdkRule extends LintRule {

  public static final String ID = "direct-sdk";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String summary() {
    return "base trace packages do not import io.opentelemetry.sdk, and spans are not made beside it";
  }

  @Override
  public void checkImport(ImportTree importTree, LintContext context) {
    String imported = importTree.getQualifiedIdentifier().toString();
    if (!LintOptions.isIn(imported, SdkSpanMaking.SDK)) {
      return;
    }
    String pkg = context.packageName();
    for (String adapter : context.options().sdkAdapterPackages()) {
      if (LintOptions.isIn(pkg, adapter)) {
        return;
      }
    }
    String basePackage = BasePackageImportRule.basePackageOfUnit(context);
    String spans = basePackage != null ? null : context.memo(ID, () -> SdkSpanMaking.find(context));
    if (basePackage == null && spans == null) {
      return; // SDK set-up code: building and registering the SDK is what it is for
    }
    if (basePackage == null) {
      boolean[] reported = context.memo(ID + ".reported", () -> new boolean[1]);
      if (reported[0]) {
        return; // one finding per file: the span-making is the problem, not each SDK import
      }
      reported[0] = true;
    }
    String adapters = String.join(", ", context.options().sdkAdapterPackages());
    String where =
        "package "
            + (pkg.isEmpty() ? "(unnamed)" : pkg)
            + " imports the OpenTelemetry SDK ("
            + imported
            + ") but only the adapter package ("
            + adapters
            + ") may";
    String message =
        basePackage != null
            ? where
                + ": it is in the base trace package "
                + basePackage
                + ", which must work with whatever"
                + " OpenTelemetry the application brings. Use the OpenTelemetry API (io.opentelemetry.api) here,"
                + " or move this code into the adapter package (-A"
                + LintOptions.SDK_ADAPTER_PACKAGES
                + "=...)."
            : where
                + " make spans beside it, and this file does: "
                + spans
                + ". Use the OpenTelemetry API"
                + " (io.opentelemetry.api) or spanweave's runtime API (Trace) to make spans, in code that does not build"
                + " the SDK; SDK set-up code (building and registering an OpenTelemetrySdk) compiles in a file of its own."
                + " Or move this code into the adapter package (-A"
                + LintOptions.SDK_ADAPTER_PACKAGES
                + "=...).";
    context.report(this, ImportSites.pathOf(importTree, context), message);
  }
}
