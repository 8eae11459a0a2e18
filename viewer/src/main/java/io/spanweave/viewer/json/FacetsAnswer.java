package io.spanweave.viewer.json;

import java.util.List;

/** {@code /api/facets}: the kinds and runs present, for the filter menus. */
public record FacetsAnswer(List<String> kinds, List<Run> runs) {
  /** One (service.name, run id) pair of the file. */
  public record Run(String service, String runId) {}
}
