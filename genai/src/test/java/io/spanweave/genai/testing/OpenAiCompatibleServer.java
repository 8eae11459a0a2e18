package io.spanweave.genai.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An OpenAI-compatible chat completions server for tests (the JDK's HTTP server on the loopback, a
 * free port): {@code POST /v1/chat/completions} and {@code POST /chat/completions} answer with the
 * next {@link Reply} the test queued ({@link #defaultReply} when none is), streamed as server-sent
 * events when the request asks {@code "stream": true} (with a usage chunk when it asks {@code
 * stream_options.include_usage}). Every request's body and headers are kept, so a test can prove
 * what was sent to the model.
 *
 * <pre>{@code
 * try (OpenAiCompatibleServer server = OpenAiCompatibleServer.start()) {
 *   server.enqueue(Reply.completion("Paris").usage(12, 3), Reply.status(429));
 *   OpenAiChatModel model = OpenAiChatModel.builder().baseUrl(server.baseUrl()).apiKey("test")...;
 * }
 * }</pre>
 */
public final class OpenAiCompatibleServer implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService pool;
  private final ConcurrentLinkedQueue<Reply> replies = new ConcurrentLinkedQueue<>();
  private final List<ReceivedRequest> received = new CopyOnWriteArrayList<>();
  private final AtomicInteger ids = new AtomicInteger();
  private volatile Reply defaultReply = Reply.completion("ok").usage(1, 1);

  private OpenAiCompatibleServer(HttpServer server, ExecutorService pool) {
    this.server = server;
    this.pool = pool;
  }

  /** A started server on a free loopback port. */
  public static OpenAiCompatibleServer start() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    ExecutorService pool =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, "openai-compatible-server");
              thread.setDaemon(true);
              return thread;
            });
    OpenAiCompatibleServer result = new OpenAiCompatibleServer(server, pool);
    server.createContext("/", result::handle);
    server.setExecutor(pool);
    server.start();
    return result;
  }

  /** {@code http://127.0.0.1:<port>/v1}, the base URL OpenAI clients take. */
  public String baseUrl() {
    return "http://"
        + server.getAddress().getAddress().getHostAddress()
        + ":"
        + server.getAddress().getPort()
        + "/v1";
  }

  /** Queues replies, answered one per request in this order. */
  public OpenAiCompatibleServer enqueue(Reply... next) {
    replies.addAll(List.of(next));
    return this;
  }

  /** The reply to requests when the queue is empty; a plain completion {@code "ok"} unless set. */
  public OpenAiCompatibleServer defaultReply(Reply reply) {
    this.defaultReply = Objects.requireNonNull(reply, "reply");
    return this;
  }

  /** Every chat completion request received so far, in order. */
  public List<ReceivedRequest> requests() {
    return List.copyOf(received);
  }

  /** The raw bodies of every chat completion request received so far, in order. */
  public List<String> requestBodies() {
    return received.stream().map(ReceivedRequest::body).toList();
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow(); // wakes slow replies
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      if (!"POST".equals(exchange.getRequestMethod())
          || !(path.equals("/v1/chat/completions") || path.equals("/chat/completions"))) {
        send(
            exchange,
            404,
            "application/json",
            error(
                "no such endpoint: " + exchange.getRequestMethod() + " " + path,
                "invalid_request_error"));
        return;
      }
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      exchange
          .getRequestHeaders()
          .forEach((name, values) -> headers.put(name, String.join(",", values)));
      received.add(new ReceivedRequest(path, body, Collections.unmodifiableMap(headers)));
      JsonNode request;
      try {
        request = JSON.readTree(body);
      } catch (IOException e) {
        send(
            exchange,
            400,
            "application/json",
            error("the body is not JSON", "invalid_request_error"));
        return;
      }
      Reply reply = replies.poll();
      answer(exchange, request, reply == null ? defaultReply : reply);
    }
  }

  private void answer(HttpExchange exchange, JsonNode request, Reply reply) throws IOException {
    if (!reply.delay.isZero()) {
      try {
        Thread.sleep(reply.delay.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return; // the server closes
      }
    }
    if (reply.status != 200) {
      String type =
          reply.status == 429
              ? "rate_limit_error"
              : reply.status >= 500 ? "server_error" : "invalid_request_error";
      send(exchange, reply.status, "application/json", error(reply.errorMessage, type));
      return;
    }
    String id = "chatcmpl-" + ids.incrementAndGet();
    String model =
        reply.model != null ? reply.model : request.path("model").asText("unknown-model");
    if (request.path("stream").asBoolean(false)) {
      stream(exchange, request, reply, id, model);
    } else {
      send(
          exchange, 200, "application/json", JSON.writeValueAsString(completion(reply, id, model)));
    }
  }

  private ObjectNode completion(Reply reply, String id, String model) {
    ObjectNode root = header(id, model, "chat.completion");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    if (!reply.toolCalls.isEmpty()) {
      message.putNull("content");
      ArrayNode calls = message.putArray("tool_calls");
      for (int i = 0; i < reply.toolCalls.size(); i++) {
        ObjectNode call = calls.addObject();
        call.put("id", "call_" + id + "_" + i);
        call.put("type", "function");
        call.putObject("function")
            .put("name", reply.toolCalls.get(i).name())
            .put("arguments", reply.toolCalls.get(i).arguments());
      }
    } else {
      message.put("content", reply.content);
    }
    choice.put("finish_reason", reply.finishReason());
    if (reply.inputTokens >= 0) {
      root.set("usage", usage(reply));
    }
    return root;
  }

  private void stream(HttpExchange exchange, JsonNode request, Reply reply, String id, String model)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    List<ObjectNode> chunks = new ArrayList<>();
    ObjectNode first = chunk(id, model);
    ObjectNode firstDelta = ((ObjectNode) first.get("choices").get(0)).putObject("delta");
    firstDelta.put("role", "assistant");
    if (!reply.toolCalls.isEmpty()) {
      firstDelta.putNull("content");
      chunks.add(first);
      // Each call: its id and name first, then its arguments, as OpenAI streams them.
      for (int i = 0; i < reply.toolCalls.size(); i++) {
        ObjectNode named = chunk(id, model);
        ObjectNode call =
            ((ObjectNode) named.get("choices").get(0))
                .putObject("delta")
                .putArray("tool_calls")
                .addObject();
        call.put("index", i).put("id", "call_" + id + "_" + i).put("type", "function");
        call.putObject("function").put("name", reply.toolCalls.get(i).name()).put("arguments", "");
        chunks.add(named);
        ObjectNode arguments = chunk(id, model);
        ((ObjectNode) arguments.get("choices").get(0))
            .putObject("delta")
            .putArray("tool_calls")
            .addObject()
            .put("index", i)
            .putObject("function")
            .put("arguments", reply.toolCalls.get(i).arguments());
        chunks.add(arguments);
      }
    } else {
      firstDelta.put("content", "");
      chunks.add(first);
      // The content in pieces of a few characters, as a model streams its tokens.
      for (int i = 0; i < reply.content.length(); i += 4) {
        ObjectNode piece = chunk(id, model);
        ((ObjectNode) piece.get("choices").get(0))
            .putObject("delta")
            .put("content", reply.content.substring(i, Math.min(reply.content.length(), i + 4)));
        chunks.add(piece);
      }
    }
    ObjectNode last = chunk(id, model);
    ((ObjectNode) last.get("choices").get(0)).putObject("delta");
    ((ObjectNode) last.get("choices").get(0)).put("finish_reason", reply.finishReason());
    chunks.add(last);
    if (request.path("stream_options").path("include_usage").asBoolean(false)
        && reply.inputTokens >= 0) {
      ObjectNode usage = header(id, model, "chat.completion.chunk");
      usage.putArray("choices");
      usage.set("usage", usage(reply));
      chunks.add(usage);
    }
    for (ObjectNode chunk : chunks) {
      out.write(
          ("data: " + JSON.writeValueAsString(chunk) + "\n\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
    }
    out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private static ObjectNode chunk(String id, String model) {
    ObjectNode chunk = header(id, model, "chat.completion.chunk");
    ObjectNode choice = chunk.putArray("choices").addObject();
    choice.put("index", 0);
    choice.putNull("finish_reason");
    return chunk;
  }

  private static ObjectNode header(String id, String model, String object) {
    ObjectNode root = JSON.createObjectNode();
    root.put("id", id);
    root.put("object", object);
    root.put("created", 1_700_000_000L);
    root.put("model", model);
    return root;
  }

  private static ObjectNode usage(Reply reply) {
    ObjectNode usage = JSON.createObjectNode();
    usage.put("prompt_tokens", reply.inputTokens);
    usage.put("completion_tokens", reply.outputTokens);
    usage.put("total_tokens", reply.inputTokens + reply.outputTokens);
    return usage;
  }

  private static String error(String message, String type) {
    ObjectNode root = JSON.createObjectNode();
    root.putObject("error")
        .put("message", message)
        .put("type", type)
        .putNull("param")
        .putNull("code");
    return root.toString();
  }

  private static void send(HttpExchange exchange, int status, String contentType, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  /** A request the server received: its path, raw body and headers (names case-insensitive). */
  public record ReceivedRequest(String path, String body, Map<String, String> headers) {}

  /** A tool the model asks to call, with its arguments as JSON. */
  private record ToolCall(String name, String arguments) {
    ToolCall {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(arguments, "arguments");
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** What the server answers to one request. Immutable; each with-method returns a new reply. */
  public static final class Reply {

    private final int status;
    private final String errorMessage;
    private final String content;
    private final List<ToolCall> toolCalls;
    private final String finishReason;
    private final String model;
    private final long inputTokens;
    private final long outputTokens;
    private final Duration delay;

    private Reply(
        int status,
        String errorMessage,
        String content,
        List<ToolCall> toolCalls,
        String finishReason,
        String model,
        long inputTokens,
        long outputTokens,
        Duration delay) {
      this.status = status;
      this.errorMessage = errorMessage;
      this.content = content;
      this.toolCalls = List.copyOf(toolCalls);
      this.finishReason = finishReason;
      this.model = model;
      this.inputTokens = inputTokens;
      this.outputTokens = outputTokens;
      this.delay = delay;
    }

    /**
     * A completion with {@code content}, finish reason {@code stop}, no usage unless {@link #usage}
     * is set.
     */
    public static Reply completion(String content) {
      return new Reply(
          200,
          null,
          Objects.requireNonNull(content, "content"),
          List.of(),
          null,
          null,
          -1,
          -1,
          Duration.ZERO);
    }

    /** A call of tool {@code name} with {@code argumentsJson}, finish reason {@code tool_calls}. */
    public static Reply toolCall(String name, String argumentsJson) {
      return new Reply(
          200,
          null,
          "",
          List.of(new ToolCall(name, argumentsJson)),
          null,
          null,
          -1,
          -1,
          Duration.ZERO);
    }

    /**
     * This tool-call reply with one more call, of tool {@code name}: the model asks for several at
     * once.
     */
    public Reply andToolCall(String name, String argumentsJson) {
      if (toolCalls.isEmpty()) {
        throw new IllegalStateException("andToolCall extends a toolCall reply, not " + this);
      }
      List<ToolCall> more = new ArrayList<>(toolCalls);
      more.add(new ToolCall(name, argumentsJson));
      return new Reply(
          status,
          errorMessage,
          content,
          more,
          finishReason,
          model,
          inputTokens,
          outputTokens,
          delay);
    }

    /** An error answer with HTTP {@code status} (such as 429 or 500) and OpenAI's error body. */
    public static Reply status(int status) {
      if (status < 400 || status > 599) {
        throw new IllegalArgumentException("an error status is 4xx or 5xx, not " + status);
      }
      String message =
          status == 429
              ? "Rate limit reached for requests"
              : "The server had an error (" + status + ")";
      return new Reply(status, message, "", List.of(), null, null, -1, -1, Duration.ZERO);
    }

    /**
     * This reply with usage: {@code inputTokens} prompt tokens, {@code outputTokens} completion
     * tokens.
     */
    public Reply usage(long inputTokens, long outputTokens) {
      return new Reply(
          status,
          errorMessage,
          content,
          toolCalls,
          finishReason,
          model,
          inputTokens,
          outputTokens,
          delay);
    }

    /**
     * This reply naming {@code model} as the model that answered (by default the one asked for).
     */
    public Reply model(String model) {
      return new Reply(
          status,
          errorMessage,
          content,
          toolCalls,
          finishReason,
          model,
          inputTokens,
          outputTokens,
          delay);
    }

    /** This reply with another finish reason, such as {@code length}. */
    public Reply finishReason(String finishReason) {
      return new Reply(
          status,
          errorMessage,
          content,
          toolCalls,
          finishReason,
          model,
          inputTokens,
          outputTokens,
          delay);
    }

    /** This reply sent only after {@code delay}: a slow model, for timeouts. */
    public Reply after(Duration delay) {
      return new Reply(
          status,
          errorMessage,
          content,
          toolCalls,
          finishReason,
          model,
          inputTokens,
          outputTokens,
          Objects.requireNonNull(delay, "delay"));
    }

    private String finishReason() {
      if (finishReason != null) {
        return finishReason;
      }
      return toolCalls.isEmpty() ? "stop" : "tool_calls";
    }

    @Override
    public String toString() {
      return status != 200
          ? "Reply{" + status + "}"
          : "Reply{"
              + (toolCalls.isEmpty() ? "completion" : "tools " + toolCalls)
              + ", finish="
              + finishReason()
              + (delay.isZero() ? "" : ", after " + delay.toString().toLowerCase(Locale.ROOT))
              + "}";
    }
  }
}
