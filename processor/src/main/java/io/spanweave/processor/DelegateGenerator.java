package io.spanweave.processor;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.util.Elements;

/**
 * Writes the Java source of one delegate from its {@link DelegateModel}: {@code Stage} constants,
 * then either the delegate field, {@code wrap} and a constructor (for an interface) or the mirrored
 * constructors (for a class), then the methods.
 */
final class DelegateGenerator {

  private static final String PROCESSOR = "io.spanweave.processor.TracedProcessor";
  private static final String DELEGATE = "delegate";

  private final Elements elements;
  private final SpanBodyWriter bodies = new SpanBodyWriter();
  private final PackageTypeNames packageTypes;

  /**
   * Whether {@code @Generated} exists (not when compiling for Java 8); asked once per round, not
   * per delegate.
   */
  private final boolean generatedAnnotation;

  /** One generator per round: the types a package declares can grow from round to round. */
  DelegateGenerator(Elements elements) {
    this.elements = elements;
    this.packageTypes = new PackageTypeNames(elements);
    this.generatedAnnotation = elements.getTypeElement(TracingApi.GENERATED) != null;
  }

  JavaFile generate(DelegateModel model) {
    TypeElement target = model.target();
    ClassName targetName = ClassName.get(target);
    List<TypeVariableName> typeVariables = new ArrayList<>();
    for (TypeParameterElement parameter : target.getTypeParameters()) {
      typeVariables.add(TypeVariableName.get(parameter));
    }
    TypeName targetType =
        typeVariables.isEmpty()
            ? targetName
            : ParameterizedTypeName.get(targetName, typeVariables.toArray(new TypeName[0]));

    TypeSpec.Builder type =
        TypeSpec.classBuilder(model.name())
            .addOriginatingElement(target)
            .addTypeVariables(typeVariables)
            .avoidClashesWithNestedClasses(target)
            .alwaysQualify(namesTakenInPackage(target));
    if (generatedAnnotation) {
      type.addAnnotation(
          AnnotationSpec.builder(ClassName.bestGuess(TracingApi.GENERATED))
              .addMember("value", "$S", PROCESSOR)
              .build());
    }
    if (elements.isDeprecated(target)) {
      type.addAnnotation(Deprecated.class); // implementing or extending it is then no warning
    }
    if (model.isPublic()) {
      type.addModifiers(Modifier.PUBLIC);
    }
    if (model.wrapsInterface()) {
      // A class delegate stays open: Spring's CGLIB proxies (@Async, @Transactional) subclass the
      // bean's class, and a final subclass of the user's class would refuse them.
      type.addModifiers(Modifier.FINAL);
    }

    Set<String> fieldNames = new HashSet<>();
    fieldNames.add(DELEGATE);
    for (DelegateModel.Method method : model.methods()) {
      for (VariableElement parameter : method.element().getParameters()) {
        fieldNames.add(
            parameter.getSimpleName().toString()); // so that no parameter shadows a constant
      }
    }

    List<MethodSpec> methods = new ArrayList<>();
    for (DelegateModel.Method method : model.methods()) {
      if (method.tracing() == null) {
        methods.add(forwarding(method));
        continue;
      }
      String stageConstant =
          LocalNames.pick(
              fieldNames, LocalNames.constantCase(method.element().getSimpleName().toString()));
      type.addField(stageField(stageConstant, method.tracing()));
      String adviceConstant = null;
      if (method.tracing().start().hasAdvice()) {
        adviceConstant = LocalNames.pick(fieldNames, stageConstant + "_ADVICE");
        ClassName advice = method.tracing().start().advice();
        type.addField(
            FieldSpec.builder(
                    advice, adviceConstant, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", advice)
                .build());
      }
      methods.add(traced(method, model.wrapsInterface(), stageConstant, adviceConstant));
    }

    if (model.wrapsInterface()) {
      type.addJavadoc(
          "Traces {@link $T}: wrap an instance with {@link #wrap}.\nGenerated by spanweave from the annotations of $T; do not edit.\n",
          targetName,
          targetName);
      type.addSuperinterface(targetType);
      type.addField(targetType, DELEGATE, Modifier.PRIVATE, Modifier.FINAL);
      type.addMethod(
          MethodSpec.constructorBuilder()
              .addModifiers(Modifier.PRIVATE)
              .addParameter(targetType, DELEGATE)
              .addStatement(
                  "$L$T$L",
                  "this." + DELEGATE + " = ",
                  Objects.class,
                  ".requireNonNull(" + DELEGATE + ", \"" + DELEGATE + "\")")
              .build());
      type.addMethod(
          MethodSpec.methodBuilder("wrap")
              .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
              .addTypeVariables(typeVariables)
              .returns(targetType)
              .addParameter(targetType, DELEGATE)
              .addStatement(
                  "return new $T$L",
                  model.name(),
                  (typeVariables.isEmpty() ? "" : "<>") + "(" + DELEGATE + ")")
              .build());
    } else {
      type.addJavadoc(
          "A {@link $T} whose traced methods run inside spans: create it as you would create $T.\nGenerated by spanweave from the annotations of $T; do not edit.\n",
          targetName,
          targetName,
          targetName);
      type.superclass(targetType);
      for (ExecutableElement constructor : model.constructors()) {
        type.addMethod(mirroredConstructor(constructor));
      }
    }
    type.addMethods(methods);
    return JavaFile.builder(model.name().packageName(), type.build())
        .skipJavaLangImports(true)
        .build();
  }

  private static FieldSpec stageField(String name, TracedMethod tracing) {
    StringBuilder format = new StringBuilder("$T.define($S, $S, $T.$L");
    List<Object> args =
        new ArrayList<>(
            List.of(
                TracingApi.STAGE,
                tracing.spanName(),
                tracing.stage(),
                TracingApi.KIND,
                tracing.kind().name()));
    if (tracing.previews()) {
      format.append(", $T.PREVIEW");
      args.add(TracingApi.CAPTURE);
    }
    for (String constant : tracing.constantAttributes()) {
      format.append(", $S");
      args.add(constant);
    }
    format.append(")");
    return FieldSpec.builder(
            TracingApi.STAGE, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer(CompactFormat.code(format.toString(), args.toArray()))
        .build();
  }

  private MethodSpec traced(
      DelegateModel.Method method,
      boolean wrapsInterface,
      String stageConstant,
      String adviceConstant) {
    MethodSpec.Builder builder = signature(method.element(), method.type());
    List<String> names = parameterNames(method.element());
    CodeBlock call = call(method.element(), method.type(), wrapsInterface, names);
    return builder
        .addCode(
            bodies.write(
                method.tracing(),
                names,
                method.type().getParameterTypes(),
                stageConstant,
                adviceConstant,
                call))
        .build();
  }

  private MethodSpec forwarding(DelegateModel.Method method) {
    List<String> names = parameterNames(method.element());
    CodeBlock call = call(method.element(), method.type(), true, names);
    boolean isVoid = method.type().getReturnType().getKind() == TypeKind.VOID;
    CompactFormat statement = CompactFormat.of(isVoid ? "$L" : "return $L", call);
    return signature(method.element(), method.type())
        .addStatement(statement.format, statement.args)
        .build();
  }

  /**
   * {@code delegate.generate(sampleId, prompt)}, {@code super.judge(x)}, {@code
   * delegate.<T>pick(items)}.
   */
  private static CodeBlock call(
      ExecutableElement method, ExecutableType type, boolean wrapsInterface, List<String> names) {
    String receiver =
        !wrapsInterface
            ? "super."
            : names.contains(DELEGATE) ? "this." + DELEGATE + "." : DELEGATE + ".";
    String invocation = method.getSimpleName() + "(" + String.join(", ", names) + ")";
    if (type.getTypeVariables().isEmpty()) {
      return CodeBlock.of("$L", receiver + invocation);
    }
    // Explicit type arguments: inference inside endWhenComplete(...) is not always as precise.
    CodeBlock.Builder call = CodeBlock.builder().add("$L<", receiver);
    String separator = "";
    for (TypeVariable variable : type.getTypeVariables()) {
      call.add("$L$T", separator, TypeVariableName.get(variable));
      separator = ", ";
    }
    return call.add(">$L", invocation).build();
  }

  private MethodSpec.Builder signature(ExecutableElement method, ExecutableType type) {
    MethodSpec.Builder builder =
        MethodSpec.methodBuilder(method.getSimpleName().toString()).addAnnotation(Override.class);
    addWarningHygiene(builder, method, type.getParameterTypes());
    if (method.getModifiers().contains(Modifier.PUBLIC)) {
      builder.addModifiers(Modifier.PUBLIC);
    } else if (method.getModifiers().contains(Modifier.PROTECTED)) {
      builder.addModifiers(Modifier.PROTECTED);
    }
    for (TypeVariable variable : type.getTypeVariables()) {
      builder.addTypeVariable(TypeVariableName.get(variable));
    }
    builder.returns(TypeName.get(type.getReturnType()));
    List<? extends VariableElement> parameters = method.getParameters();
    for (int i = 0; i < parameters.size(); i++) {
      builder.addParameter(
          ParameterSpec.builder(
                  TypeName.get(type.getParameterTypes().get(i)),
                  parameters.get(i).getSimpleName().toString())
              .build());
    }
    builder.varargs(method.isVarArgs());
    for (TypeMirror thrown : type.getThrownTypes()) {
      builder.addException(TypeName.get(thrown));
    }
    return builder;
  }

  private MethodSpec mirroredConstructor(ExecutableElement constructor) {
    MethodSpec.Builder builder = MethodSpec.constructorBuilder();
    List<TypeMirror> parameterTypes = new ArrayList<>();
    for (VariableElement parameter : constructor.getParameters()) {
      parameterTypes.add(parameter.asType());
    }
    addWarningHygiene(builder, constructor, parameterTypes);
    for (Modifier modifier : constructor.getModifiers()) {
      if (modifier == Modifier.PUBLIC || modifier == Modifier.PROTECTED) {
        builder.addModifiers(modifier);
      }
    }
    for (TypeParameterElement parameter : constructor.getTypeParameters()) {
      builder.addTypeVariable(TypeVariableName.get(parameter));
    }
    List<String> names = parameterNames(constructor);
    for (VariableElement parameter : constructor.getParameters()) {
      builder.addParameter(TypeName.get(parameter.asType()), parameter.getSimpleName().toString());
    }
    builder.varargs(constructor.isVarArgs());
    for (TypeMirror thrown : constructor.getThrownTypes()) {
      builder.addException(TypeName.get(thrown));
    }
    builder.addStatement("$L", "super(" + String.join(", ", names) + ")");
    return builder.build();
  }

  /**
   * Keeps {@code -Xlint:all -Werror} builds green: a delegate of a deprecated method is deprecated
   * too (so overriding and calling it is not a warning), and a generic varargs parameter, whose
   * heap-pollution warning the user already sees on their own declaration, is not warned twice.
   */
  private void addWarningHygiene(
      MethodSpec.Builder builder,
      ExecutableElement method,
      List<? extends TypeMirror> parameterTypes) {
    if (elements.isDeprecated(method)) {
      builder.addAnnotation(Deprecated.class);
    }
    if (method.isVarArgs() && !parameterTypes.isEmpty()) {
      TypeMirror component =
          ((ArrayType) parameterTypes.get(parameterTypes.size() - 1)).getComponentType();
      boolean reifiable =
          component.getKind().isPrimitive()
              || (component.getKind() == TypeKind.DECLARED
                  && ((DeclaredType) component).getTypeArguments().isEmpty());
      if (!reifiable) {
        builder.addAnnotation(
            AnnotationSpec.builder(SuppressWarnings.class)
                .addMember("value", "$S", "unchecked")
                .build());
      }
    }
  }

  private static List<String> parameterNames(ExecutableElement method) {
    List<String> names = new ArrayList<>();
    for (VariableElement parameter : method.getParameters()) {
      names.add(parameter.getSimpleName().toString());
    }
    return names;
  }

  /**
   * Simple names of the runtime types the delegate imports that the target's package also declares:
   * a {@code Stage} class of the user's own must not be shadowed by the import.
   */
  private String[] namesTakenInPackage(TypeElement target) {
    List<String> taken = new ArrayList<>();
    for (ClassName imported :
        List.of(
            TracingApi.STAGE,
            TracingApi.STAGE_SPAN,
            TracingApi.KIND,
            TracingApi.REACTIVE_STAGES,
            ClassName.get(Objects.class),
            ClassName.bestGuess(TracingApi.GENERATED))) {
      if (packageTypes.declares(target, imported.simpleName())) {
        taken.add(imported.simpleName());
      }
    }
    return taken.toArray(new String[0]);
  }
}
