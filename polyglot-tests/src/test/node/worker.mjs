// A worker that knows nothing of spanweave: OpenTelemetry's Node.js SDK, configured by the standard
// OTEL_* environment alone (which the Java driver's TraceRuntime.childEnvironment() gives it), joins
// the driver's trace from a W3C traceparent, records spans and exits.
//
//   node worker.mjs work <traceparent>     spans of several kinds, types, events and statuses
//   node worker.mjs engine <traceparent>   an LLM call as an inference engine writes it (gen_ai.*)
import { context, diag, DiagConsoleLogger, DiagLogLevel, propagation, SpanKind, SpanStatusCode, trace }
  from '@opentelemetry/api';
import { defaultResource, detectResources, envDetector } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { OTLPTraceExporter as HttpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as HttpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as GrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc';

diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.WARN); // failed exports show on stderr

// As OpenTelemetry's NodeSDK chooses: the traces variable, then the general one. Each exporter reads
// its endpoint, headers and compression from the environment itself.
const protocol = process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || process.env.OTEL_EXPORTER_OTLP_PROTOCOL
  || 'http/protobuf';
const exporter = protocol === 'grpc' ? new GrpcExporter()
  : protocol === 'http/json' ? new HttpJsonExporter() : new HttpProtobufExporter();
const provider = new NodeTracerProvider({
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the run id among them) become the resource.
  resource: defaultResource().merge(detectResources({ detectors: [envDetector] })),
  spanProcessors: [new BatchSpanProcessor(exporter)],
});
provider.register(); // W3C trace context propagation, async context

const [mode, traceparent] = process.argv.slice(2);
const parent = propagation.extract(context.active(), { traceparent });
const tracer = trace.getTracer('node-worker', '1.0.0');

if (mode === 'work') {
  tracer.startActiveSpan('node.work', {
    kind: SpanKind.SERVER,
    attributes: {
      'worker.protocol': protocol,
      'worker.count': 42,
      'worker.ratio': 0.5,
      'worker.ok': true,
      'worker.tags': ['a', 'b'],
    },
  }, parent, (work) => {
    work.addEvent('node.event', { 'batch.size': 3 });
    tracer.startActiveSpan('node.step', (step) => {
      step.setStatus({ code: SpanStatusCode.ERROR, message: 'tool timed out' });
      step.end();
    });
    work.setStatus({ code: SpanStatusCode.OK });
    work.end();
  });
} else if (mode === 'engine') {
  // What vLLM's tracing writes for one request: the GenAI names, the older ones beside them, and
  // the time to first token in seconds.
  const request = tracer.startSpan('chat llama-3-8b', {
    kind: SpanKind.CLIENT,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.system': 'vllm',
      'gen_ai.request.model': 'llama-3-8b',
      'gen_ai.response.model': 'llama-3-8b',
      'gen_ai.usage.input_tokens': 120,
      'gen_ai.usage.output_tokens': 36,
      'gen_ai.usage.prompt_tokens': 120,
      'gen_ai.usage.completion_tokens': 36,
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.latency.time_to_first_token': 0.042,
    },
  }, parent);
  request.end();
} else {
  console.error(`unknown mode ${mode}; use work or engine`);
  process.exit(2);
}

await provider.shutdown(); // exports what is left, then ends
console.log(`exported over ${protocol}`);
