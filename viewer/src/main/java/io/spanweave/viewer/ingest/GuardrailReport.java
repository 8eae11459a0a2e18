package io.spanweave.viewer.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.conventions.GuardrailFields;
import io.spanweave.viewer.json.GuardrailStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The runtime's report of what its guardrails took out of a run's spans, which it keeps beside the
 * trace file ({@link GuardrailFields}): keys and event names with how often, never a value. Read
 * when the status is asked for; the runtime rewrites it as a whole, so a read sees one version or
 * the other.
 */
final class GuardrailReport {
  private static final Logger LOG = Logger.getLogger(GuardrailReport.class.getName());
  private static final ObjectMapper JSON = new ObjectMapper();

  private GuardrailReport() {}

  /** The report beside {@code traceFile}; null when there is none or it cannot be read. */
  static GuardrailStatus besides(Path traceFile) {
    Path report = traceFile.resolveSibling(GuardrailFields.FILE_NAME);
    if (!Files.isRegularFile(report)) {
      return null;
    }
    try {
      JsonNode node = JSON.readTree(report.toFile());
      return new GuardrailStatus(
          node.path(GuardrailFields.ENABLED).asBoolean(true),
          counts(node.path(GuardrailFields.DROPPED_ATTRIBUTES)),
          counts(node.path(GuardrailFields.REDACTED_ATTRIBUTES)),
          counts(node.path(GuardrailFields.DROPPED_EVENTS)));
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.FINE, "could not read " + report, e);
      return null;
    }
  }

  private static Map<String, Long> counts(JsonNode object) {
    Map<String, Long> counts = new TreeMap<>();
    object
        .fields()
        .forEachRemaining(entry -> counts.put(entry.getKey(), entry.getValue().asLong()));
    return counts;
  }
}
