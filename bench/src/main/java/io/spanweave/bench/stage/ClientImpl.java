package io.spanweave.bench.stage;

import java.util.Map;

/** The caller's body: calls the server in-process with the same carrier (inject, then extract). */
public final class ClientImpl implements Client {

  private final Server server;

  public ClientImpl(Server server) {
    this.server = server;
  }

  @Override
  public long call(Map<String, String> carrier, String sampleId) {
    return server.serve(carrier, sampleId);
  }
}
