package io.spanweave.apisurface;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The public API of the jar or classes folder a class comes from, one line per type and member,
 * sorted: every public type outside {@code internal} packages (nested ones too, when every
 * enclosing type is public), with its supertypes, and its public and protected fields, constructors
 * and methods as {@code toGenericString()} writes them, so that a changed generic type, modifier or
 * {@code throws} clause shows.
 */
final class ApiListing {

  private ApiListing() {}

  static List<String> of(Class<?> anchor) {
    Map<String, List<String>> types = new TreeMap<>();
    for (String name : classNames(anchor)) {
      Class<?> type;
      try {
        type = Class.forName(name, false, anchor.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(name, e);
      }
      if (isApi(type)) {
        types.put(type.getName(), describe(type));
      }
    }
    List<String> lines = new ArrayList<>();
    types.values().forEach(lines::addAll);
    return lines;
  }

  private static boolean isApi(Class<?> type) {
    if (type.isSynthetic()
        || type.isAnonymousClass()
        || type.isLocalClass()
        || type.getPackageName().contains(".internal")) {
      return false;
    }
    for (Class<?> enclosing = type; enclosing != null; enclosing = enclosing.getDeclaringClass()) {
      if (!Modifier.isPublic(enclosing.getModifiers())) {
        return false;
      }
    }
    return true;
  }

  private static List<String> describe(Class<?> type) {
    List<String> lines = new ArrayList<>();
    StringBuilder header = new StringBuilder(type.toGenericString());
    Type superclass = type.getGenericSuperclass();
    if (superclass != null && superclass != Object.class && !type.isEnum() && !type.isRecord()) {
      header.append(" extends ").append(superclass.getTypeName());
    }
    Type[] interfaces = type.getGenericInterfaces();
    if (interfaces.length > 0 && !type.isAnnotation()) {
      header
          .append(type.isInterface() ? " extends " : " implements ")
          .append(String.join(", ", Arrays.stream(interfaces).map(Type::getTypeName).toList()));
    }
    lines.add(header.toString());
    List<String> members = new ArrayList<>();
    for (Field field : type.getDeclaredFields()) {
      if (visible(field.getModifiers()) && !field.isSynthetic()) {
        members.add(field.toGenericString());
      }
    }
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (visible(constructor.getModifiers()) && !constructor.isSynthetic() && !type.isEnum()) {
        members.add(constructor.toGenericString());
      }
    }
    for (Method method : type.getDeclaredMethods()) {
      if (visible(method.getModifiers()) && !method.isSynthetic() && !method.isBridge()) {
        members.add(method.toGenericString() + defaultValue(method));
      }
    }
    members.sort(null);
    members.forEach(member -> lines.add("  " + member));
    return lines;
  }

  private static String defaultValue(Method method) {
    Object value = method.getDefaultValue();
    if (value == null) {
      return "";
    }
    return " default "
        + (value.getClass().isArray() ? Arrays.deepToString(new Object[] {value}) : value);
  }

  /** Protected members are API too: a subclass outside the module sees them. */
  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  /** Every class in the jar or folder {@code anchor} was loaded from. */
  private static List<String> classNames(Class<?> anchor) {
    Path location;
    try {
      location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    try {
      if (Files.isDirectory(location)) {
        return classNames(location);
      }
      try (FileSystem jar = FileSystems.newFileSystem(location)) {
        return classNames(jar.getPath("/"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> classNames(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .map(root::relativize)
          .map(Path::toString)
          .filter(
              name ->
                  name.endsWith(".class")
                      && !name.equals("module-info.class")
                      && !name.endsWith("package-info.class")
                      && !name.startsWith("META-INF"))
          .map(
              name ->
                  name.substring(0, name.length() - ".class".length())
                      .replace('/', '.')
                      .replace('\\', '.'))
          .sorted()
          .toList();
    }
  }
}
