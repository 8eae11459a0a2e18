package io.spanweave.lint;

import com.sun.source.util.TreePath;
import javax.lang.model.type.TypeMirror;

/**
 * One attribute a span would receive, as found in the source: a key (when it is a compile-time
 * constant) and a value (its expression, static type and, when constant, its text).
 */
public final class AttributeWrite {

  private final String where;
  private final TreePath reportAt;
  private final String key;
  private final TreePath valuePath;
  private final TypeMirror valueType;
  private final String valueName;
  private final String valueConstant;
  private final boolean structuredValue;

  AttributeWrite(String where, TreePath reportAt, String key, TreePath valuePath, TypeMirror valueType,
      String valueName, String valueConstant) {
    this(where, reportAt, key, valuePath, valueType, valueName, valueConstant, false);
  }

  AttributeWrite(String where, TreePath reportAt, String key, TreePath valuePath, TypeMirror valueType,
      String valueName, String valueConstant, boolean structuredValue) {
    this.structuredValue = structuredValue;
    this.where = where;
    this.reportAt = reportAt;
    this.key = key;
    this.valuePath = valuePath;
    this.valueType = valueType;
    this.valueName = valueName;
    this.valueConstant = valueConstant;
  }

  /** Where the attribute is written, for messages: {@code Trace.setAttribute}, {@code @TraceAttribute}, ... */
  public String where() {
    return where;
  }

  /** The tree to report at: the key or the whole entry. Its enclosing declarations decide suppression. */
  public TreePath reportAt() {
    return reportAt;
  }

  /** The tree to report a finding about the value at: the value expression if there is one. */
  public TreePath valueReportAt() {
    return valuePath != null ? valuePath : reportAt;
  }

  /** The key when it is a compile-time constant; {@code null} otherwise (such keys are not guessed at). */
  public String key() {
    return key;
  }

  /** The key for messages: the constant, or "the attribute" when it is not constant. */
  public String describeKey() {
    return key == null ? "this attribute" : "attribute '" + key + "'";
  }

  /** The value's expression, or {@code null} when there is none (a {@code @TraceAttribute} parameter, an annotation constant). */
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
   * Whether the API records maps and lists as structured text (JSON), such as
   * {@code RolloutEmitter.object}: any static type may then be right, and attribute-type does not
   * apply; the value's name and text are still checked.
   */
  public boolean structuredValue() {
    return structuredValue;
  }

  /** The value when it is a compile-time constant string; {@code null} otherwise. */
  public String valueConstant() {
    return valueConstant;
  }
}
