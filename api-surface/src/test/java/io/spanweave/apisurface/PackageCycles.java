package io.spanweave.apisurface;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The package cycles among one module's classes: packages that depend on each other, directly or
 * through others, such as an internal package that names a type of the public package which uses
 * it. Each is reported as one concrete cycle, every step with a class that makes it.
 */
final class PackageCycles {

  /** By package, the packages of this module it names, each with the first class pair that does. */
  private final Map<String, Map<String, String>> edges = new TreeMap<>();

  private PackageCycles(List<ClassFileReferences.Result> classes) {
    Set<String> own = new TreeSet<>();
    classes.forEach(result -> own.add(ClassFileReferences.packageOf(result.className())));
    List<ClassFileReferences.Result> sorted = new ArrayList<>(classes);
    sorted.sort((a, b) -> a.className().compareTo(b.className()));
    for (ClassFileReferences.Result result : sorted) {
      String from = ClassFileReferences.packageOf(result.className());
      Map<String, String> targets = edges.computeIfAbsent(from, key -> new TreeMap<>());
      for (String reference : result.references()) {
        String to = ClassFileReferences.packageOf(reference);
        if (!to.equals(from) && own.contains(to)) {
          targets.putIfAbsent(
              to, simpleName(result.className()) + " names " + simpleName(reference));
        }
      }
    }
  }

  /**
   * One line per cycle, such as {@code io.a -> io.a.internal (A names Helper) -> io.a (Helper names
   * A)}; empty when the packages form none.
   */
  static List<String> in(List<ClassFileReferences.Result> classes) {
    return new PackageCycles(classes).cycles();
  }

  private List<String> cycles() {
    List<String> cycles = new ArrayList<>();
    for (Set<String> component : stronglyConnected()) {
      if (component.size() > 1) {
        cycles.add(describe(component));
      }
    }
    return cycles;
  }

  /** The shortest cycle through the component's first package, with the class behind each step. */
  private String describe(Set<String> component) {
    String start = component.iterator().next();
    Map<String, String> previous = new HashMap<>();
    Deque<String> queue = new ArrayDeque<>(List.of(start));
    String last = null;
    while (!queue.isEmpty() && last == null) {
      String node = queue.removeFirst();
      for (String next : targets(node).keySet()) {
        if (next.equals(start)) {
          last = node;
          break;
        }
        if (component.contains(next) && !previous.containsKey(next)) {
          previous.put(next, node);
          queue.addLast(next);
        }
      }
    }
    List<String> path = new ArrayList<>();
    for (String node = last; node != null && !node.equals(start); node = previous.get(node)) {
      path.add(0, node);
    }
    path.add(0, start);
    path.add(start);
    StringBuilder line = new StringBuilder(start);
    for (int i = 1; i < path.size(); i++) {
      line.append(" -> ")
          .append(path.get(i))
          .append(" (")
          .append(targets(path.get(i - 1)).get(path.get(i)))
          .append(')');
    }
    return line.toString();
  }

  private Map<String, String> targets(String from) {
    return edges.getOrDefault(from, Map.of());
  }

  /** Tarjan's strongly connected components, each in package-name order. */
  private List<Set<String>> stronglyConnected() {
    Map<String, Integer> index = new LinkedHashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<Set<String>> components = new ArrayList<>();
    for (String node : edges.keySet()) {
      if (!index.containsKey(node)) {
        connect(node, index, low, stack, onStack, components);
      }
    }
    return components;
  }

  private void connect(
      String node,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Deque<String> stack,
      Set<String> onStack,
      List<Set<String>> components) {
    index.put(node, index.size());
    low.put(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (String next : targets(node).keySet()) {
      if (!index.containsKey(next)) {
        connect(next, index, low, stack, onStack, components);
        low.put(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.contains(next)) {
        low.put(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node).equals(index.get(node))) {
      Set<String> component = new TreeSet<>();
      String member;
      do {
        member = stack.pop();
        onStack.remove(member);
        component.add(member);
      } while (!member.equals(node));
      components.add(component);
    }
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
