package io.spanweave.lint;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code -A} options of the lint rules.
 *
 * <p>javac accepts only dot-separated identifiers as option keys, so a rule id's dashes become
 * underscores in its key: {@code -Aspanweave.lint.attribute_payload=warning}. The combined form
 * {@code -Aspanweave.lint=attribute-payload:warning,direct-sdk:off} takes the ids as written, and a
 * bare {@code off} in it ({@code -Aspanweave.lint=off}) turns every rule off that no other option
 * names: the one explicit way to build without the guardrails.
 */
public final class LintOptions {

  /** Prefix of the per-rule severity keys. */
  public static final String SEVERITY_PREFIX = "spanweave.lint.";

  /** {@code id:severity} pairs, comma separated. */
  public static final String SEVERITIES = "spanweave.lint";

  /** The value of {@link #SEVERITIES} that turns every rule off. */
  public static final String ALL_OFF = "off";

  /** The option, as written on a command line, that builds without the guardrails. */
  public static final String GUARDRAILS_OFF_OPTION = "-A" + SEVERITIES + "=" + ALL_OFF;

  /**
   * Extra base packages, comma separated; they and their subpackages are held to
   * base-package-import.
   */
  public static final String BASE_PACKAGES = "spanweave.basePackages";

  /**
   * Package prefixes a base package may import, comma separated; replaces the default allow-list.
   */
  public static final String BASE_PACKAGE_ALLOW = "spanweave.basePackages.allow";

  /** Package prefixes added to the default allow-list, comma separated. */
  public static final String BASE_PACKAGE_ALLOW_MORE = "spanweave.basePackages.allowMore";

  /** Packages allowed to import the OpenTelemetry SDK, comma separated; replaces the default. */
  public static final String SDK_ADAPTER_PACKAGES = "spanweave.sdkAdapterPackages";

  /**
   * {@code true}: print one note with the time the rules took, for the compile-overhead benchmark.
   */
  public static final String TIMING = "spanweave.lint.timing";

  /**
   * This project's own base packages, the API and the SDK: infrastructure only, no rollout or
   * business concepts.
   */
  public static final List<String> OWN_BASE_PACKAGES =
      List.of("io.spanweave.api", "io.spanweave.runtime");

  /**
   * The only package of this project (with its subpackages) that may import the OpenTelemetry SDK:
   * the SDK's.
   */
  public static final String OWN_SDK_ADAPTER_PACKAGE = "io.spanweave.runtime";

  /**
   * What a base package may import by default: the JDK, the OpenTelemetry API (and the SDK, which
   * direct-sdk polices separately), and spanweave's annotations. The base packages themselves are
   * always allowed.
   */
  public static final List<String> DEFAULT_BASE_PACKAGE_ALLOW =
      List.of(
          "java.",
          "javax.",
          "jdk.",
          "io.opentelemetry.",
          "io.spanweave.annotations.",
          "io.spanweave.conventions.");

  private final Map<String, Severity> severities;
  private final List<String> basePackages;
  private final List<String> baseAllow;
  private final List<String> sdkAdapterPackages;
  private final List<String> problems;

  private LintOptions(
      Map<String, Severity> severities,
      List<String> basePackages,
      List<String> baseAllow,
      List<String> sdkAdapterPackages,
      List<String> problems) {
    this.severities = severities;
    this.basePackages = basePackages;
    this.baseAllow = baseAllow;
    this.sdkAdapterPackages = sdkAdapterPackages;
    this.problems = problems;
  }

  /** The option keys to declare from {@code Processor.getSupportedOptions()}. */
  static Set<String> supportedOptions(List<? extends LintRule> rules) {
    Set<String> keys = new LinkedHashSet<>();
    keys.add(SEVERITIES);
    for (LintRule rule : rules) {
      keys.add(severityKey(rule.id()));
    }
    keys.add(BASE_PACKAGES);
    keys.add(BASE_PACKAGE_ALLOW);
    keys.add(BASE_PACKAGE_ALLOW_MORE);
    keys.add(SDK_ADAPTER_PACKAGES);
    keys.add(TIMING);
    return Collections.unmodifiableSet(keys);
  }

  /** {@code spanweave.lint.attribute_payload} for {@code attribute-payload}. */
  public static String severityKey(String ruleId) {
    return SEVERITY_PREFIX + ruleId.replace('-', '_');
  }

  static LintOptions parse(Map<String, String> options, List<? extends LintRule> rules) {
    List<String> problems = new ArrayList<>();
    Map<String, Severity> severities = new HashMap<>();
    Map<String, String> idsByKeyId = new HashMap<>();
    for (LintRule rule : rules) {
      idsByKeyId.put(rule.id().replace('-', '_'), rule.id());
    }
    String combined = options.get(SEVERITIES);
    boolean allOff = false;
    if (combined != null) {
      for (String entry : split(combined)) {
        if (entry.equalsIgnoreCase(ALL_OFF)) {
          allOff = true;
          continue;
        }
        int colon = Math.max(entry.indexOf(':'), entry.indexOf('='));
        String id = colon < 0 ? entry : entry.substring(0, colon).trim();
        Severity severity = colon < 0 ? null : Severity.parse(entry.substring(colon + 1));
        String ruleId = idsByKeyId.get(id.replace('-', '_'));
        if (ruleId == null || severity == null) {
          problems.add(
              "-A"
                  + SEVERITIES
                  + ": cannot read '"
                  + entry
                  + "'; expected <rule-id>:error|warning|off, or "
                  + ALL_OFF
                  + " for every rule");
        } else {
          severities.put(ruleId, severity);
        }
      }
    }
    for (Map.Entry<String, String> option : options.entrySet()) {
      String key = option.getKey();
      if (!key.startsWith(SEVERITY_PREFIX)) {
        continue;
      }
      String keyId = key.substring(SEVERITY_PREFIX.length());
      String ruleId = idsByKeyId.get(keyId.replace('-', '_'));
      if (ruleId == null) {
        continue;
      }
      Severity severity = Severity.parse(option.getValue());
      if (severity == null) {
        problems.add("-A" + key + "=" + option.getValue() + ": expected error, warning or off");
      } else {
        severities.put(ruleId, severity);
      }
    }

    if (allOff) {
      for (LintRule rule : rules) {
        severities.putIfAbsent(rule.id(), Severity.OFF); // a rule named by an option still runs
      }
    }

    List<String> basePackages = new ArrayList<>();
    basePackages.addAll(OWN_BASE_PACKAGES);
    basePackages.addAll(split(options.get(BASE_PACKAGES)));

    List<String> allow =
        options.containsKey(BASE_PACKAGE_ALLOW)
            ? new ArrayList<>(split(options.get(BASE_PACKAGE_ALLOW)))
            : new ArrayList<>(DEFAULT_BASE_PACKAGE_ALLOW);
    allow.addAll(split(options.get(BASE_PACKAGE_ALLOW_MORE)));

    List<String> adapters =
        options.containsKey(SDK_ADAPTER_PACKAGES)
            ? split(options.get(SDK_ADAPTER_PACKAGES))
            : List.of(OWN_SDK_ADAPTER_PACKAGE);

    return new LintOptions(
        severities,
        List.copyOf(basePackages),
        List.copyOf(allow),
        List.copyOf(adapters),
        List.copyOf(problems));
  }

  private static List<String> split(String value) {
    List<String> parts = new ArrayList<>();
    if (value == null) {
      return parts;
    }
    for (String part : value.split("[,;\\s]+")) {
      if (!part.isBlank()) {
        parts.add(part.trim());
      }
    }
    return parts;
  }

  /** The severity of {@code rule}: its option, or its {@link LintRule#defaultSeverity()}. */
  public Severity severity(LintRule rule) {
    return severities.getOrDefault(rule.id(), rule.defaultSeverity());
  }

  /**
   * {@code io.spanweave.api}, {@code io.spanweave.runtime} plus {@code -Aspanweave.basePackages}.
   */
  public List<String> basePackages() {
    return basePackages;
  }

  /** Package or type prefixes a base package may import (besides the base packages). */
  public List<String> baseAllow() {
    return baseAllow;
  }

  /** Packages that may import {@code io.opentelemetry.sdk}. */
  public List<String> sdkAdapterPackages() {
    return sdkAdapterPackages;
  }

  /** Options that could not be read, to be reported as warnings. */
  List<String> problems() {
    return problems;
  }

  /**
   * Whether {@code name} is {@code pkg} or inside it ({@code a.b} contains {@code a.b.C} and {@code
   * a.b.c.D}).
   */
  public static boolean isIn(String name, String pkg) {
    String prefix = pkg.endsWith(".") ? pkg.substring(0, pkg.length() - 1) : pkg;
    return name.equals(prefix) || name.startsWith(prefix + ".");
  }
}
