package io.spanweave.processor;

import java.util.ArrayDeque;
import java.util.Deque;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Finds how a type sees one of its generic supertypes, with its type arguments substituted: for
 * {@code class JudgeFuture extends CompletableFuture<Judgement>} and {@code CompletionStage}, it
 * answers {@code CompletionStage<Judgement>}.
 */
final class Supertypes {

  private Supertypes() {}

  /**
   * The supertype of {@code type} declared by {@code generic} (or {@code type} itself), or {@code
   * null}.
   */
  static DeclaredType find(Types types, TypeMirror type, TypeElement generic) {
    Deque<TypeMirror> queue = new ArrayDeque<>();
    queue.add(type);
    while (!queue.isEmpty()) {
      TypeMirror current = queue.removeFirst();
      if (current.getKind() == TypeKind.DECLARED
          && types.isSameType(types.erasure(current), types.erasure(generic.asType()))) {
        return (DeclaredType) current;
      }
      queue.addAll(types.directSupertypes(current));
    }
    return null;
  }

  /**
   * The first type argument of that supertype; {@code Object}'s type for a raw use, {@code null}
   * when not a subtype.
   */
  static TypeMirror argument(
      Types types, TypeMirror type, TypeElement generic, TypeMirror whenRaw) {
    DeclaredType supertype = find(types, type, generic);
    if (supertype == null) {
      return null;
    }
    return supertype.getTypeArguments().isEmpty() ? whenRaw : supertype.getTypeArguments().get(0);
  }
}
