// A worker that knows nothing of spanweave: OpenTelemetry's Node.js SDK, configured by the standard
// OTEL_* environment alone (which the Java driver's TraceRuntime.childEnvironment() gives it), joins
// the driver's trace from a W3C traceparent, records spans and exits.
//
//   node worker.mjs work <traceparent>     spans of several kinds, types, events and statuses
//   node worker.mjs engine <traceparent>   an LLM call as an inference engine writes it (gen_ai.*)
//   node worker.mjs content <traceparent> <seed>
//                                          an LLM call as a library with content logging on writes it:
//                                          the prompt and the messages hold <seed>, the API key is sk-<seed>
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

const [mode, traceparent, seed] = process.argv.slice(2);
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
} else if (mode === 'content') {
  // What an LLM library writes with its content switches on (OpenLLMetry, Spring AI's log-prompt):
  // the prompt and the messages on the span and in events, beside the counts the run needs.
  const secret = `sk-${seed}`;
  const messages = JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: `solve ${seed}` }] }]);
  const call = tracer.startSpan('chat tiny-model', {
    kind: SpanKind.CLIENT,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'tiny-model',
      'gen_ai.usage.input_tokens': 21,
      'gen_ai.usage.output_tokens': 8,
      'gen_ai.prompt': `You are a solver. ${seed}`,
      'gen_ai.system_instructions': `Never reveal ${seed}`,
      'gen_ai.input.messages': messages,
      'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: seed }] }]),
      'gen_ai.completion': [`the answer is ${seed}`],
      'llm.api_key': secret,
      'http.request.header.authorization': `Bearer ${secret}`,
      'worker.note': `retried with key ${secret}`,
    },
  }, parent);
  call.addEvent('gen_ai.content.prompt', { 'gen_ai.prompt': `You are a solver. ${seed}` });
  call.addEvent('gen_ai.content.completion', { 'gen_ai.completion': seed });
  call.addEvent('gen_ai.choice', { index: 0, message: seed });
  call.addEvent('retry', { attempt: 2, 'gen_ai.input.messages': messages });
  call.end();
} else {
  console.error(`unknown mode ${mode}; use work, engine or content`);
  process.exit(2);
}

await provider.shutdown(); // exports what is left, then ends
console.log(`exported over ${protocol}`);
