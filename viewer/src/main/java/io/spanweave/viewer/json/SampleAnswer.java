package io.spanweave.viewer.json;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/** {@code /api/sample}: the sample's row with its call chain. */
public record SampleAnswer(@JsonUnwrapped SampleRow sample, Chain chain) {
  /**
   * @param source {@code span_name_path} when built from the recorded paths, else {@code
   *     parent-links}
   */
  public record Chain(String source, List<ChainNode> nodes) {}

  /**
   * One endpoint of the chain.
   *
   * @param status ok, error, cancelled, interrupted, running, or "not recorded" (named in a path,
   *     its own span not read yet)
   */
  public record ChainNode(
      String name,
      String status,
      String traceId,
      String spanId,
      String stage,
      Double durationMs,
      String errorType,
      int calls,
      List<ChainNode> children) {}
}
