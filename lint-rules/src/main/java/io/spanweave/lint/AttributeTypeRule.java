package io.spanweave.lint;

/**
 * {@code attribute-type}: an attribute value whose static type a span cannot hold: anything but a
 * primitive, a boxed primitive, {@code String}, an enum, or an array or list of those. Such values
 * end up as {@code toString()} output, which is at best noise and at worst a whole payload.
 * Exceptions are left to {@code exception-detail}.
 */
public final class AttributeTypeRule extends LintRule {

  public static final String ID = "attribute-type";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String summary() {
    return "span attribute values must be primitives, boxed primitives, String, enums, or arrays or lists of those";
  }

  @Override
  public void checkAttribute(AttributeWrite write, LintContext context) {
    if (write.valueType() == null
        || write.structuredValue()
        || context.isThrowable(write.valueType())
        || AttributeValues.isAllowed(write.valueType(), context)) {
      return;
    }
    String value = write.valueName() == null ? "its value" : "'" + write.valueName() + "'";
    context.report(
        this,
        write.valueReportAt(),
        write.describeKey()
            + " in "
            + write.where()
            + " gets "
            + value
            + " of type "
            + write.valueType()
            + ", which a span cannot hold: attribute values must be primitives,"
            + " boxed primitives, String, enums, or arrays or lists of those. Record a number about it instead (a"
            + " metric such as @Traced(metrics = \"result.size\"), or a count), or one String or number field of it.");
  }
}
