package io.spanweave.sample;

import java.util.HashMap;

/**
 * Serializes the sample (its extra fields, and with them the trace context, included) for the
 * worker process.
 */
final class RemoteWorkerClient implements WorkerClient {

  private final WorkerChannel channel;

  RemoteWorkerClient(WorkerChannel channel) {
    this.channel = channel;
  }

  @Override
  public SampleState generate(SampleState state) {
    // An empty carrier: the channel's generated delegate fills in traceparent before the request
    // leaves.
    return SampleState.fromMap(channel.request(new HashMap<>(), state.toMap()));
  }
}
