package io.spanweave.lint;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Every public API of the rollout preset ({@code spanweave-rollout}) that puts an attribute, an
 * event's attributes or a span name into a trace, in one list. The lint rules do not depend on the
 * preset: its calls are recognised by the qualified name of the method's owner (or a superclass of
 * it), like the runtime's {@code Trace} calls, and its positions are then checked by the same rules
 * as {@code Trace.span}, {@code Trace.event} and {@code Trace.setAttributes}.
 *
 * <p>A new preset API that takes attributes belongs here; rollout-preset's {@code
 * AttributeApiTableTest} lists each with a bad and a good case, and fails when a public preset
 * method that takes a map is in neither this list nor its list of maps that are not attributes.
 */
final class RolloutPresetApis {

  static final String PACKAGE = "io.spanweave.rollout.";
  static final String EMITTER = PACKAGE + "RolloutEmitter";
  static final String LLM_REQUEST = PACKAGE + "LlmRequest";
  static final String TOOL_CALL = PACKAGE + "ToolCall";
  static final String RECONSTRUCTOR = PACKAGE + "AgentTraceReconstructor";
  static final String ROLLOUT_TRACE = PACKAGE + "RolloutTrace";

  /** The method name of a constructor. */
  static final String CONSTRUCTOR = "<init>";

  /** What an API does with its argument. */
  enum Position {
    /**
     * Its first {@code Map} argument holds attributes: each constant key and its value are checked.
     */
    ATTRIBUTE_MAP,
    /**
     * Its first argument is recorded as the value of an attribute the preset names (a message's
     * text).
     */
    TEXT_VALUE,
    /**
     * Its first argument is recorded as is when it is a scalar, or as JSON when it is a map or a
     * list: a map literal's entries are checked as attributes, any other value by its name and
     * text, and its type is not held to attribute-type.
     */
    STRUCTURED_VALUE,
    /** Its first argument names a span: held to span-name-cardinality. */
    SPAN_NAME
  }

  /**
   * One API: the owner's qualified name, the method (or {@link #CONSTRUCTOR}), and its position.
   */
  static final class Api {
    final String owner;
    final String method;
    final Position position;

    /** How messages name it: {@code RolloutEmitter.annotation}, {@code new LlmRequest}. */
    final String where;

    Api(String owner, String method, Position position) {
      this.owner = owner;
      this.method = method;
      this.position = position;
      String simple = owner.substring(owner.lastIndexOf('.') + 1);
      this.where = method.equals(CONSTRUCTOR) ? "new " + simple : simple + "." + method;
    }
  }

  static final List<Api> APIS =
      List.of(
          new Api(EMITTER, "annotation", Position.ATTRIBUTE_MAP),
          new Api(EMITTER, "reward", Position.ATTRIBUTE_MAP), // reward(values, primaryKey)
          new Api(EMITTER, "message", Position.TEXT_VALUE),
          new Api(EMITTER, "object", Position.STRUCTURED_VALUE),
          new Api(LLM_REQUEST, CONSTRUCTOR, Position.ATTRIBUTE_MAP),
          new Api(TOOL_CALL, CONSTRUCTOR, Position.ATTRIBUTE_MAP),
          new Api(
              RECONSTRUCTOR,
              "reconstruct",
              Position.ATTRIBUTE_MAP), // runAttributes; the parent carrier comes after
          new Api(ROLLOUT_TRACE, "endpoint", Position.SPAN_NAME),
          new Api(ROLLOUT_TRACE, "endpointBatch", Position.SPAN_NAME),
          new Api(ROLLOUT_TRACE, "remote", Position.SPAN_NAME),
          new Api(ROLLOUT_TRACE, "remoteBatch", Position.SPAN_NAME));

  /** Names of the methods above, for the scanner's cheap name test. */
  static final Set<String> METHOD_NAMES = names(false);

  /** Simple names of the types constructed above ({@code LlmRequest}, {@code ToolCall}). */
  static final Set<String> CONSTRUCTED_TYPES = names(true);

  private RolloutPresetApis() {}

  private static Set<String> names(boolean constructors) {
    Set<String> names = new LinkedHashSet<>();
    for (Api api : APIS) {
      if (api.method.equals(CONSTRUCTOR) == constructors) {
        names.add(constructors ? api.owner.substring(api.owner.lastIndexOf('.') + 1) : api.method);
      }
    }
    return Set.copyOf(names);
  }

  /** The API {@code method} of {@code owner} or of one of its superclasses, or {@code null}. */
  static Api find(TypeElement owner, String method) {
    TypeElement current = owner;
    for (int depth = 0; current != null && depth < 32; depth++) {
      String name = current.getQualifiedName().toString();
      if (name.startsWith(PACKAGE)) {
        for (Api api : APIS) {
          if (api.owner.equals(name) && api.method.equals(method)) {
            return api;
          }
        }
      }
      if (method.equals(CONSTRUCTOR)) {
        return null; // constructors are not inherited
      }
      TypeMirror superclass = current.getSuperclass();
      current =
          superclass.getKind() == TypeKind.DECLARED
              ? (TypeElement) ((DeclaredType) superclass).asElement()
              : null;
    }
    return null;
  }
}
