package io.spanweave.lint;

import com.sun.source.util.TreePath;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * One attribute a span would receive, as found in the source: a key (when it is a compile-time
 * constant) and a value (its expression, static type and, when constant, its text).
 */
public final class AttributeWrite {

  private final String where;
  private final Location reportAt;
  private final String key;
  private final TreePath valuePath;
  private final TypeMirror valueType;
  private final String valueName;
  private final String valueConstant;
  private final boolean structuredValue;

  /** A write in code, found in javac's trees. */
  AttributeWrite(
      String where,
      TreePath reportAt,
      String key,
      TreePath valuePath,
      TypeMirror valueType,
      String valueName,
      String valueConstant) {
    this(where, reportAt, key, valuePath, valueType, valueName, valueConstant, false);
  }

  AttributeWrite(
      String where,
      TreePath reportAt,
      String key,
      TreePath valuePath,
      TypeMirror valueType,
      String valueName,
      String valueConstant,
      boolean structuredValue) {
    this(
        where,
        Location.of(reportAt),
        key,
        valuePath,
        valueType,
        valueName,
        valueConstant,
        structuredValue);
  }

  /**
   * An entry {@code "key=value"} (or {@code "key"}) of {@code @Traced(attributes)}: a constant key
   * and, after the {@code =}, a constant String value.
   */
  static AttributeWrite tracedAttribute(Location at, String entry, LintContext context) {
    int equals = entry.indexOf('=');
    String key = (equals < 0 ? entry : entry.substring(0, equals)).trim();
    String constant = equals < 0 ? null : entry.substring(equals + 1).trim();
    TypeElement string = context.elements().getTypeElement("java.lang.String");
    return new AttributeWrite(
        "@Traced(attributes)",
        at,
        key,
        null,
        string == null ? null : string.asType(),
        null,
        constant,
        false);
  }

  /**
   * A parameter marked {@code @TraceAttribute}: its value is the argument, of the parameter's type.
   *
   * @param key the annotation's key, or {@code null} or empty for the default, the parameter's name
   */
  static AttributeWrite traceAttribute(Location at, VariableElement parameter, String key) {
    String name = parameter.getSimpleName().toString();
    return new AttributeWrite(
        "@TraceAttribute",
        at,
        key == null || key.isEmpty() ? name : key,
        null,
        parameter.asType(),
        name,
        null,
        false);
  }

  private AttributeWrite(
      String where,
      Location reportAt,
      String key,
      TreePath valuePath,
      TypeMirror valueType,
      String valueName,
      String valueConstant,
      boolean structuredValue) {
    this.structuredValue = structuredValue;
    this.where = where;
    this.reportAt = reportAt;
    this.key = key;
    this.valuePath = valuePath;
    this.valueType = valueType;
    this.valueName = valueName;
    this.valueConstant = valueConstant;
  }

  /**
   * Where the attribute is written, for messages: {@code Trace.setAttribute},
   * {@code @TraceAttribute}, ...
   */
  public String where() {
    return where;
  }

  /**
   * Where to report: the key, the whole entry or the declaring annotation. Its enclosing
   * declarations decide suppression.
   */
  public Location reportAt() {
    return reportAt;
  }

  /** Where to report a finding about the value: the value expression if there is one. */
  public Location valueReportAt() {
    return valuePath != null ? Location.of(valuePath) : reportAt;
  }

  /**
   * The key when it is a compile-time constant; {@code null} otherwise (such keys are not guessed
   * at).
   */
  public String key() {
    return key;
  }

  /** The key for messages: the constant, or "the attribute" when it is not constant. */
  public String describeKey() {
    return key == null ? "this attribute" : "attribute '" + key + "'";
  }

  /**
   * The value's expression, or {@code null} when there is none (a {@code @TraceAttribute}
   * parameter, an annotation constant, any declaration seen without javac's trees).
   */
  public TreePath valuePath() {
    return valuePath;
  }

  /** The value's static type, or {@code null} if unknown. */
  public TypeMirror valueType() {
    return valueType;
  }

  /**
   * What the value is called: a variable, field or getter chain such as {@code request.prompt} or
   * the marked parameter's name; {@code null} for other expressions.
   */
  public String valueName() {
    return valueName;
  }

  /**
   * Whether the API records maps and lists as structured text (JSON), such as {@code
   * RolloutEmitter.object}: any static type may then be right, and attribute-type does not apply;
   * the value's name and text are still checked.
   */
  public boolean structuredValue() {
    return structuredValue;
  }

  /** The value when it is a compile-time constant string; {@code null} otherwise. */
  public String valueConstant() {
    return valueConstant;
  }
}
