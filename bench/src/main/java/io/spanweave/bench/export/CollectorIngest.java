package io.spanweave.bench.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.google.protobuf.util.JsonFormat;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.bench.sdk.RecordedRequests;
import io.spanweave.otlp.internal.receiver.OtlpGrpcExport;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import io.spanweave.runtime.internal.collector.JsonTraceRequestReader;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.collector.TraceLineWriter;
import io.spanweave.runtime.internal.collector.TraceReceivers;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;

/**
 * How fast the driver's local collector takes spans in, side by side in one run with the driver's
 * own export into {@code traces.jsonl} (the in-process reference) and with the collector's old way
 * of writing a protobuf request (parse, {@code JsonFormat}, parse again to write the ids as hex).
 *
 * <ol>
 *   <li>Transcoding alone, one thread: a request of {@code --batch} spans from OpenTelemetry's own
 *       marshaler, written as the file's line the old way and the new one (protobuf, and OTLP/JSON
 *       read by the runtime itself).
 *   <li>The in-process reference: one thread records spans with 7 attributes through the runtime as
 *       fast as it can for {@code --seconds}; what reached the file a second.
 *   <li>Ingest: {@code --clients} keep-alive clients send recorded gzip requests of {@code --batch}
 *       spans as fast as the collector answers, for {@code --seconds} each: OTLP/HTTP protobuf and
 *       JSON over raw sockets (so that the clients cost little), OTLP/gRPC with grpc-java. Every
 *       answer is checked (not 200, or not OK, counts as failed) and the collector's count of
 *       written spans must equal what was accepted: nothing dropped silently.
 * </ol>
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.export.CollectorIngest [--seconds 5] [--clients 4] [--batch 512]
 * </pre>
 */
public final class CollectorIngest {

  private CollectorIngest() {}

  public static void main(String[] args) throws Exception {
    int seconds = 5;
    int clients = 4;
    int batch = 512;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
        case "--clients" -> clients = Integer.parseInt(args[i + 1]);
        case "--batch" -> batch = Integer.parseInt(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Path dir = Files.createTempDirectory("collector-ingest");
    System.out.println("load before: " + load());
    byte[][] recorded = RecordedRequests.protobufAndJson(batch);
    ByteArrayOutputStream protobuf = new ByteArrayOutputStream();
    protobuf.write(recorded[0]);
    ByteArrayOutputStream json = new ByteArrayOutputStream();
    json.write(recorded[1]);
    System.out.printf(
        Locale.ROOT,
        "request: %d spans, protobuf %d B (gzip %d B), JSON %d B (gzip %d B)%n",
        batch,
        protobuf.size(),
        gzip(protobuf.toByteArray()).length,
        json.size(),
        gzip(json.toByteArray()).length);

    System.out.println("\n1. transcoding alone, one thread (spans/s)");
    double old =
        transcode(
            "old: parseFrom + JsonFormat + ids rewritten",
            batch,
            () -> oldWay(protobuf.toByteArray()));
    double now =
        transcode("new: protobuf, one pass", batch, () -> newProtobuf(protobuf.toByteArray()));
    transcode("new: OTLP/JSON, one pass", batch, () -> newJson(json.toByteArray()));
    System.out.printf(Locale.ROOT, "   protobuf new/old: %.2fx%n", now / old);

    System.out.println("\n2. in-process export into traces.jsonl, one thread (the reference)");
    double reference = inProcess(dir.resolve("in-process"), seconds);

    System.out.println(
        "\n3. ingest by the local collector, "
            + clients
            + " keep-alive clients, gzip requests of "
            + batch
            + " spans");
    byte[] protobufBody = gzip(protobuf.toByteArray());
    byte[] jsonBody = gzip(json.toByteArray());
    double http =
        ingest(
            dir,
            "OTLP/HTTP protobuf",
            seconds,
            clients,
            batch,
            collector -> httpClient(collector, "application/x-protobuf", protobufBody));
    double httpJson =
        ingest(
            dir,
            "OTLP/HTTP JSON",
            seconds,
            clients,
            batch,
            collector -> httpClient(collector, "application/json", jsonBody));
    double grpc =
        ingest(
            dir,
            "OTLP/gRPC",
            seconds,
            clients,
            batch,
            collector -> grpcClient(collector, protobuf.toByteArray()));
    System.out.printf(
        Locale.ROOT,
        "%n   against the in-process reference (%,.0f spans/s): protobuf %.2fx, JSON %.2fx, "
            + "gRPC %.2fx%n",
        reference,
        http / reference,
        httpJson / reference,
        grpc / reference);
    System.out.println("load after: " + load());
  }

  private static String load() {
    return String.format(
        Locale.ROOT,
        "%.2f (1-minute load average, %d cores)",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
        Runtime.getRuntime().availableProcessors());
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
      zip.write(data);
    }
    return out.toByteArray();
  }

  private interface Work {
    long run() throws Exception;
  }

  /** Repeats {@code work} for two seconds to warm up, then for three measured; spans a second. */
  private static double transcode(String name, int batch, Work work) throws Exception {
    long sink = 0;
    for (long end = System.nanoTime() + 2_000_000_000L; System.nanoTime() < end; ) {
      sink += work.run();
    }
    long requests = 0;
    long start = System.nanoTime();
    long cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    for (long end = start + 3_000_000_000L; System.nanoTime() < end; requests++) {
      sink += work.run();
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    double cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart) / 1e9;
    double rate = requests * batch / cpu;
    System.out.printf(
        Locale.ROOT,
        "   %-45s %,12.0f spans/s of CPU (%.2f us/span; wall %.1f s, %d)%n",
        name,
        rate,
        1e6 / rate,
        elapsed,
        sink % 10);
    return rate;
  }

  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().omittingInsignificantWhitespace().printingEnumsAsInts();
  private static final JsonFactory JSON = new JsonFactory();
  private static final Set<String> IDS = Set.of("traceId", "spanId", "parentSpanId");

  /**
   * The collector's old way: the generated messages, JsonFormat's printer, then a second parse to
   * write ids as hex.
   */
  private static long oldWay(byte[] body) throws Exception {
    String printed = PRINTER.print(ExportTraceServiceRequest.parseFrom(body));
    ByteArrayOutputStream out = new ByteArrayOutputStream(printed.length() + 1);
    try (JsonParser parser = JSON.createParser(printed.getBytes(StandardCharsets.UTF_8));
        JsonGenerator generator = JSON.createGenerator(out)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token == JsonToken.VALUE_STRING && IDS.contains(parser.currentName())) {
          generator.writeString(
              HexFormat.of().formatHex(Base64.getDecoder().decode(parser.getText())));
        } else {
          generator.copyCurrentEvent(parser);
        }
      }
    }
    out.write('\n');
    return out.size();
  }

  private static final TraceLineWriter WRITER = new TraceLineWriter("bench-run");

  private static long newProtobuf(byte[] body) throws Exception {
    WRITER.reset();
    TraceReceivers.decoder().decode(body, 0, body.length, WRITER);
    return WRITER.finish().size();
  }

  private static long newJson(byte[] body) throws Exception {
    WRITER.reset();
    JsonTraceRequestReader.read(body, 0, body.length, WRITER);
    return WRITER.finish().size();
  }

  /**
   * One thread recording spans through the runtime as fast as it can; spans that reached the file a
   * second.
   */
  private static double inProcess(Path dir, int seconds) throws Exception {
    TraceConfig config =
        TraceConfig.builder().enabled(true).serviceName("bench").outputDir(dir).build();
    long made = 0;
    double rate;
    try (TraceRuntime runtime = Tracing.configure(config)) {
      Map<String, Object> attributes =
          Map.of(
              "sample.id",
              "sample-1",
              "rollout.step",
              12L,
              "spanweave.stage",
              "generate",
              "spanweave.kind",
              "MODEL",
              "code.function.name",
              "RolloutWorker.generate",
              "spanweave.metric.num_tokens",
              321L,
              "gen_ai.request.model",
              "qwen3-8b");
      long start = System.nanoTime();
      for (long end = start + seconds * 1_000_000_000L; System.nanoTime() < end; made++) {
        try (TraceScope span = Trace.span("RolloutWorker.generate", attributes)) {
          // nothing: the cost is the span's
        }
      }
      double elapsed = (System.nanoTime() - start) / 1e9;
      runtime.flush();
      rate = runtime.exportedSpans() / elapsed;
      System.out.printf(
          Locale.ROOT,
          "   %,12.0f spans/s written (%,d made, %,d written, %,d dropped)%n",
          rate,
          made,
          runtime.exportedSpans(),
          runtime.droppedSpans());
    }
    deleteTree(dir);
    return rate;
  }

  /**
   * A client loop: sends one request, waits for its answer; returns false when the answer is not a
   * success.
   */
  private interface Client extends AutoCloseable {
    boolean send() throws Exception;

    @Override
    void close() throws Exception;
  }

  private interface ClientFactory {
    Client open(LocalCollector collector) throws Exception;
  }

  private static double ingest(
      Path dir, String name, int seconds, int clients, int batch, ClientFactory factory)
      throws Exception {
    Path run = dir.resolve(name.replaceAll("[^A-Za-z]", "-"));
    Files.createDirectories(run);
    AtomicLong accepted = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    double rate;
    try (JsonLinesFile file = JsonLinesFile.open(run.resolve("traces.jsonl"))) {
      LocalCollector collector =
          LocalCollector.start(
              "bench-run", file, InetAddress.getLoopbackAddress(), 0, null, 16L << 20);
      try {
        // Warm-up: a second of each client, not counted.
        runClients(collector, factory, clients, 1, new AtomicLong(), new AtomicLong());
        long before = collector.receivedSpans();
        long start = System.nanoTime();
        runClients(collector, factory, clients, seconds, accepted, failed);
        double elapsed = (System.nanoTime() - start) / 1e9;
        long written = collector.receivedSpans() - before;
        rate = written / elapsed;
        System.out.printf(
            Locale.ROOT,
            "   %-20s %,12.0f spans/s (%,d requests accepted, %d failed; %,d spans written, "
                + "%s)%n",
            name,
            rate,
            accepted.get(),
            failed.get(),
            written,
            written == accepted.get() * batch
                ? "all accepted spans written"
                : "MISMATCH: " + accepted.get() * batch + " accepted");
      } finally {
        collector.close();
      }
    }
    deleteTree(run);
    return rate;
  }

  private static void runClients(
      LocalCollector collector,
      ClientFactory factory,
      int clients,
      int seconds,
      AtomicLong accepted,
      AtomicLong failed)
      throws Exception {
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      Client client = factory.open(collector);
      Thread thread =
          new Thread(
              () -> {
                try (client) {
                  while (System.nanoTime() < end) {
                    (client.send() ? accepted : failed).incrementAndGet();
                  }
                } catch (Exception e) {
                  failed.incrementAndGet();
                  e.printStackTrace();
                }
              });
      thread.start();
      threads.add(thread);
    }
    for (Thread thread : threads) {
      thread.join();
    }
  }

  /**
   * OTLP/HTTP over a raw keep-alive socket: the recorded request, then the answer read to its end.
   */
  private static Client httpClient(LocalCollector collector, String contentType, byte[] body)
      throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), collector.port());
    socket.setTcpNoDelay(true);
    byte[] head =
        ("POST /v1/traces HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                + contentType
                + "\r\nContent-Encoding: gzip\r\nAuthorization: "
                + collector.authorizationHeader()
                + "\r\nContent-Length: "
                + body.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1);
    OutputStream out = socket.getOutputStream();
    InputStream in = new java.io.BufferedInputStream(socket.getInputStream());
    return new Client() {
      @Override
      public boolean send() throws IOException {
        out.write(head);
        out.write(body);
        out.flush();
        String status = line(in);
        long length = 0;
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
          if (header.regionMatches(true, 0, "Content-Length:", 0, 15)) {
            length = Long.parseLong(header.substring(15).trim());
          }
        }
        in.skipNBytes(length);
        return status.startsWith("HTTP/1.1 200");
      }

      @Override
      public void close() throws IOException {
        socket.close();
      }
    };
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b == -1) {
        throw new IOException("the collector closed the connection");
      }
      if (b != '\r') {
        line.append((char) b);
      }
    }
    return line.toString();
  }

  private static final MethodDescriptor<byte[], byte[]> EXPORT = OtlpGrpcExport.METHOD;

  /**
   * OTLP/gRPC with grpc-java: one channel, one unary call at a time, gzip as OTLP exporters send
   * it.
   */
  private static Client grpcClient(LocalCollector collector, byte[] request) {
    ManagedChannel channel =
        NettyChannelBuilder.forAddress("127.0.0.1", collector.port()).usePlaintext().build();
    Metadata headers = new Metadata();
    headers.put(
        Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
        collector.authorizationHeader());
    return new Client() {
      @Override
      public boolean send() throws InterruptedException {
        ClientCall<byte[], byte[]> call =
            channel.newCall(
                EXPORT,
                CallOptions.DEFAULT
                    .withCompression("gzip")
                    .withDeadlineAfter(30, TimeUnit.SECONDS));
        CountDownLatch done = new CountDownLatch(1);
        Status[] status = new Status[1];
        call.start(
            new ClientCall.Listener<>() {
              @Override
              public void onClose(Status closed, Metadata trailers) {
                status[0] = closed;
                done.countDown();
              }
            },
            headers);
        call.request(1);
        call.sendMessage(request);
        call.halfClose();
        done.await();
        return status[0].isOk();
      }

      @Override
      public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
      }
    };
  }

  private static void deleteTree(Path dir) throws IOException {
    try (var paths = Files.walk(dir)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
