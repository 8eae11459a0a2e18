package com.acme;

import io.spanweave.api.Trace;

public final class Client {
  public void connect(String endpoint, String key) {
    Trace.setAttribute("server.address", endpoint);
    Trace.setAttribute("openai.api_key", key);
  }
}
