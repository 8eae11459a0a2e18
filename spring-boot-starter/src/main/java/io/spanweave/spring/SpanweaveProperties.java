package io.spanweave.spring;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code spanweave.*} properties of a Spring Boot application: the settings a {@code
 * TraceConfig.Builder} makes in code. As for the builder, this process's {@code OTEL_*} and {@code
 * SPANWEAVE_*} environment variables and {@code -Dotel.*}/{@code -Dspanweave.*} system properties
 * win over them (see {@code docs/configuration.md}), and {@code OTEL_SDK_DISABLED=true} turns
 * tracing off whatever is set here.
 */
@ConfigurationProperties(prefix = "spanweave")
public class SpanweaveProperties {

  /**
   * Whether spans are recorded. On by default with the starter; off, traced beans cost one static
   * check per call and nothing is started.
   */
  private boolean enabled = true;

  /** Whether beans whose type has a generated Traced delegate are replaced by it. */
  private boolean wrapBeans = true;

  /**
   * Whether spanweave records through the application's OpenTelemetry bean when the context has
   * exactly one; off, it always starts its own runtime.
   */
  private boolean useApplicationOpenTelemetry = true;

  /**
   * Whether Spring AI's chat model calls are recorded as GenAI spans (when Spring AI is on the
   * class path), through the application's ObservationRegistry or, when it has none, one of the
   * starter's.
   */
  private boolean springAi = true;

  /**
   * The service.name resource attribute. Default: spring.application.name, then "spanweave".
   * OTEL_SERVICE_NAME overrides it.
   */
  private String serviceName;

  /**
   * Directory that holds one folder per run: {@code <output-dir>/<run-id>/traces/traces.jsonl}.
   * Default: work_dirs/trace. SPANWEAVE_OUTPUT_DIR overrides it.
   */
  private Path outputDir;

  /**
   * The run id, the run's folder name and the spanweave.run.id resource attribute. Default: a
   * generated one. SPANWEAVE_RUN_ID overrides it.
   */
  private String runId;

  /** Extensions to turn on by name, such as "rollout" for the rollout preset. */
  private List<String> extensions = new ArrayList<>();

  /** Extra resource attributes on every span, such as deployment.environment. */
  private Map<String, String> resourceAttributes = new LinkedHashMap<>();

  /** Longer string attribute values are truncated to this many characters (default 256). */
  private Integer maxAttributeLength;

  /** Array attributes keep this many elements (default 64). */
  private Integer maxArrayLength;

  /** Attributes copied into live.jsonl start and end records (default: sample.id). */
  private List<String> liveAttributeKeys;

  /** Longest wait before an ended span is written (default 1s). */
  private Duration exportDelay;

  /**
   * Longest time for one export, a flush, or the final flush when the context closes (default 5s).
   */
  private Duration exportTimeout;

  private final Viewer viewer = new Viewer();

  private final Previews previews = new Previews();

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public boolean isWrapBeans() {
    return wrapBeans;
  }

  public void setWrapBeans(boolean wrapBeans) {
    this.wrapBeans = wrapBeans;
  }

  public boolean isSpringAi() {
    return springAi;
  }

  public void setSpringAi(boolean springAi) {
    this.springAi = springAi;
  }

  public boolean isUseApplicationOpenTelemetry() {
    return useApplicationOpenTelemetry;
  }

  public void setUseApplicationOpenTelemetry(boolean useApplicationOpenTelemetry) {
    this.useApplicationOpenTelemetry = useApplicationOpenTelemetry;
  }

  public String getServiceName() {
    return serviceName;
  }

  public void setServiceName(String serviceName) {
    this.serviceName = serviceName;
  }

  public Path getOutputDir() {
    return outputDir;
  }

  public void setOutputDir(Path outputDir) {
    this.outputDir = outputDir;
  }

  public String getRunId() {
    return runId;
  }

  public void setRunId(String runId) {
    this.runId = runId;
  }

  public List<String> getExtensions() {
    return extensions;
  }

  public void setExtensions(List<String> extensions) {
    this.extensions = extensions;
  }

  public Map<String, String> getResourceAttributes() {
    return resourceAttributes;
  }

  public void setResourceAttributes(Map<String, String> resourceAttributes) {
    this.resourceAttributes = resourceAttributes;
  }

  public Integer getMaxAttributeLength() {
    return maxAttributeLength;
  }

  public void setMaxAttributeLength(Integer maxAttributeLength) {
    this.maxAttributeLength = maxAttributeLength;
  }

  public Integer getMaxArrayLength() {
    return maxArrayLength;
  }

  public void setMaxArrayLength(Integer maxArrayLength) {
    this.maxArrayLength = maxArrayLength;
  }

  public List<String> getLiveAttributeKeys() {
    return liveAttributeKeys;
  }

  public void setLiveAttributeKeys(List<String> liveAttributeKeys) {
    this.liveAttributeKeys = liveAttributeKeys;
  }

  public Duration getExportDelay() {
    return exportDelay;
  }

  public void setExportDelay(Duration exportDelay) {
    this.exportDelay = exportDelay;
  }

  public Duration getExportTimeout() {
    return exportTimeout;
  }

  public void setExportTimeout(Duration exportTimeout) {
    this.exportTimeout = exportTimeout;
  }

  public Viewer getViewer() {
    return viewer;
  }

  public Previews getPreviews() {
    return previews;
  }

  /** The rollout viewer in this process (needs spanweave-viewer on the class path). */
  public static class Viewer {

    /** Whether the application starts the viewer on its run's files (default off). */
    private Boolean enabled;

    /** Address the viewer binds (default 127.0.0.1: only this machine can open it). */
    private String host;

    /** Viewer port; 0 picks a free one (default 18080). */
    private Integer port;

    public Boolean getEnabled() {
      return enabled;
    }

    public void setEnabled(Boolean enabled) {
      this.enabled = enabled;
    }

    public String getHost() {
      return host;
    }

    public void setHost(String host) {
      this.host = host;
    }

    public Integer getPort() {
      return port;
    }

    public void setPort(Integer port) {
      this.port = port;
    }
  }

  /** Bounded, redacted previews of Capture.PREVIEW stages. */
  public static class Previews {

    /** Whether Capture.PREVIEW stages record previews (default on). */
    private Boolean enabled;

    /** Largest preview in bytes, after redaction (default 4096). */
    private Integer maxBytes;

    public Boolean getEnabled() {
      return enabled;
    }

    public void setEnabled(Boolean enabled) {
      this.enabled = enabled;
    }

    public Integer getMaxBytes() {
      return maxBytes;
    }

    public void setMaxBytes(Integer maxBytes) {
      this.maxBytes = maxBytes;
    }
  }
}
