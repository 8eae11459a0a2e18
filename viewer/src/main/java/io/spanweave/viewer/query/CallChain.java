package io.spanweave.viewer.query;

import io.spanweave.conventions.ViewerKeys;
import io.spanweave.viewer.index.SpanIds;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.SpanStatus;
import io.spanweave.viewer.ingest.LiveSpan;
import io.spanweave.viewer.json.SampleAnswer.Chain;
import io.spanweave.viewer.json.SampleAnswer.ChainNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sample's call chain as a tree. Each endpoint span records {@code rollout.span_name_path}, the
 * chain of endpoint names that led to it ("agent.run -> controller.generate -> worker.generate");
 * merging those paths gives a tree whose nodes are the endpoints, each with the duration and status
 * of the span that recorded it. The path is carried with the sample across processes, so this tree
 * is right even where the OTel parent links are broken. Without any paths, the tree falls back to
 * the parent links of the sample's spans.
 */
final class CallChain {
  private final SpanIndex index;
  private final int sample;
  private final List<LiveSpan> live;

  private static final class Node {
    final String name;
    final Map<String, Node> children = new LinkedHashMap<>();
    final List<Integer> spans = new ArrayList<>();
    LiveSpan running;
    long firstStart = Long.MAX_VALUE;

    Node(String name) {
      this.name = name;
    }
  }

  CallChain(SpanIndex index, int sample, List<LiveSpan> live) {
    this.index = index;
    this.sample = sample;
    this.live = live;
  }

  Chain build() {
    Node root = new Node("");
    boolean anyPath = false;
    for (int i = index.sampleFirstSpan(sample); i >= 0; i = index.nextInSample(i)) {
      String path = index.strings().get(index.path(i));
      if (path != null && !path.isBlank()) {
        anyPath = true;
        Node node = nodeFor(root, path);
        node.spans.add(i);
        node.firstStart = Math.min(node.firstStart, index.start(i));
      }
    }
    String sampleKey = index.sampleKey(sample);
    String sampleRun = index.sampleRun(sample);
    for (LiveSpan s : live) {
      Object path = firstOf(s.attributes(), ViewerKeys.keysOf(ViewerKeys.Fact.PATH));
      if (LiveView.isOf(s, sampleRun, sampleKey) && path != null) {
        anyPath = true;
        Node node = nodeFor(root, ViewerKeys.pathOf(path));
        if (node.spans.isEmpty()) {
          node.running = s;
          node.firstStart = Math.min(node.firstStart, s.startTimeUnixNano());
        }
      }
    }
    if (!anyPath) {
      return new Chain("parent-links", parentTree());
    }
    return new Chain("span_name_path", render(root));
  }

  private static Object firstOf(Map<String, Object> attributes, List<String> keys) {
    for (String k : keys) {
      if (attributes.get(k) != null) {
        return attributes.get(k);
      }
    }
    return null;
  }

  private static Node nodeFor(Node root, String path) {
    Node node = root;
    for (String part : path.split(ViewerKeys.PATH_SEPARATOR)) {
      String name = part.trim();
      if (!name.isEmpty()) {
        node = node.children.computeIfAbsent(name, Node::new);
      }
    }
    return node;
  }

  private List<ChainNode> render(Node parent) {
    List<Node> ordered = new ArrayList<>(parent.children.values());
    ordered.sort((a, b) -> Long.compare(a.firstStart, b.firstStart));
    List<ChainNode> out = new ArrayList<>();
    for (Node n : ordered) {
      List<ChainNode> children = render(n);
      if (!n.spans.isEmpty()) {
        int first = n.spans.get(0);
        long total = 0;
        String status = "ok";
        for (int i : n.spans) {
          total += index.durationNanos(i);
          SpanStatus s = index.status(i);
          if (s == SpanStatus.ERROR || (!status.equals("error") && s != SpanStatus.OK)) {
            status = s.label();
          }
        }
        out.add(spanNode(first, n.name, status, total, n.spans.size(), children));
      } else if (n.running != null) {
        out.add(
            new ChainNode(
                n.name,
                "running",
                n.running.traceId(),
                n.running.spanId(),
                n.running.stage(),
                null,
                null,
                0,
                children));
      } else {
        // An intermediate endpoint named in a path whose own span has not been exported (yet).
        out.add(new ChainNode(n.name, "not recorded", null, null, null, null, null, 0, children));
      }
    }
    return out;
  }

  private ChainNode spanNode(
      int i, String name, String status, long durationNanos, int calls, List<ChainNode> children) {
    int errorType = index.errorType(i);
    return new ChainNode(
        name,
        status,
        index.traceHex(index.traceOf(i)),
        SpanIds.spanIdToHex(index.spanId(i)),
        index.strings().get(index.stage(i)),
        Durations.millis(durationNanos),
        errorType < 0 ? null : index.strings().get(errorType),
        calls,
        children);
  }

  /** The sample's spans arranged by their parent links. */
  private List<ChainNode> parentTree() {
    Map<Long, Integer> byId = new HashMap<>();
    for (int i = index.sampleFirstSpan(sample); i >= 0; i = index.nextInSample(i)) {
      byId.put(index.spanId(i), i);
    }
    Map<Integer, List<Integer>> children = new HashMap<>();
    List<Integer> roots = new ArrayList<>();
    for (int i = index.sampleFirstSpan(sample); i >= 0; i = index.nextInSample(i)) {
      Integer parent = byId.get(index.parentId(i));
      if (parent == null) {
        roots.add(i);
      } else {
        children.computeIfAbsent(parent, k -> new ArrayList<>()).add(i);
      }
    }
    return renderSpans(roots, children);
  }

  private List<ChainNode> renderSpans(List<Integer> spans, Map<Integer, List<Integer>> children) {
    spans.sort((a, b) -> Long.compare(index.start(a), index.start(b)));
    List<ChainNode> out = new ArrayList<>();
    for (int i : spans) {
      out.add(
          spanNode(
              i,
              index.strings().get(index.name(i)),
              index.status(i).label(),
              index.durationNanos(i),
              1,
              renderSpans(children.getOrDefault(i, new ArrayList<>()), children)));
    }
    return out;
  }
}
