package io.spanweave.bench.stage;

import java.util.Map;

/** The callee's body: the same in every case. */
public final class ServerImpl implements Server {

  @Override
  public long serve(Map<String, String> carrier, String sampleId) {
    return sampleId.length() + carrier.size();
  }
}
