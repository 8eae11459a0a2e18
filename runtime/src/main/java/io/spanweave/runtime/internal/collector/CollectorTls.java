package io.spanweave.runtime.internal.collector;

import io.spanweave.api.TracingFaults;
import io.spanweave.runtime.internal.tls.PemTls;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * TLS for the collector's connections, from PEM files that are read again when they change.
 *
 * <p><b>Per connection, on its own thread.</b> The server accepts plain sockets and each
 * connection's thread layers TLS over its socket and shakes hands under the read timeout, so a
 * client that stalls in the handshake holds up only its own thread, and every new connection gets
 * the newest certificate. Whether the files changed (their modification time and size) is checked
 * as a connection starts; a certificate replaced by cert-manager or by hand is served from the next
 * connection on, without a restart. A replacement that cannot be read (a half-written file, a key
 * that does not match) keeps the certificate served so far and is reported once.
 *
 * <p><b>One port for HTTP/1.1 and gRPC.</b> HTTP/2 here carries gRPC only, and clients that offer
 * both protocols in ALPN are mostly OTLP/HTTP senders that would take HTTP/2 if given it; so ALPN
 * selects {@code http/1.1} whenever it is offered and {@code h2} when only it is, as gRPC clients
 * do ({@link #applicationProtocol}). The decrypted stream then starts with the HTTP/2 preface or an
 * HTTP/1.1 request as on a plain connection, and is routed the same way.
 *
 * <p><b>mTLS.</b> With a client CA, a client that presents no certificate signed by it fails the
 * handshake, before any byte of a request is read.
 */
final class CollectorTls {

  /**
   * The first byte of every TLS connection: the content type of a handshake record (RFC 8446, 5.1).
   */
  static final int HANDSHAKE_RECORD = 0x16;

  /** The files TLS is made from; {@code clientCa} may be {@code null}. */
  record TlsFiles(Path certificate, Path key, Path clientCa) {}

  private final TlsFiles files;
  private volatile Loaded current;

  /**
   * The stamp of the files last refused, so that one broken replacement is tried (and reported)
   * once.
   */
  private volatile List<Object> refused;

  private record Loaded(SSLContext context, List<Object> stamp) {}

  private CollectorTls(TlsFiles files, Loaded loaded) {
    this.files = files;
    this.current = loaded;
  }

  /**
   * Reads the files once, so that a collector asked for TLS that cannot have it does not start.
   *
   * @throws IOException naming the file that is missing or wrong
   */
  static CollectorTls load(Path certificate, Path key, Path clientCa) throws IOException {
    TlsFiles files = new TlsFiles(certificate, key, clientCa);
    List<Object> stamp = stamp(files);
    return new CollectorTls(files, new Loaded(PemTls.server(certificate, key, clientCa), stamp));
  }

  /** Whether clients must present a certificate. */
  boolean mutual() {
    return files.clientCa() != null;
  }

  /**
   * {@code plain} with TLS on top, in server mode, its handshake done; the caller sets the read
   * timeout on {@code plain} first, which bounds the handshake.
   *
   * @param consumed the bytes of the connection already read, which the handshake reads first
   * @throws IOException when the handshake fails: not TLS, an untrusted or missing client
   *     certificate, an old protocol, or a timeout
   */
  SSLSocket accept(Socket plain, InputStream consumed) throws IOException {
    SSLSocket socket = (SSLSocket) context().getSocketFactory().createSocket(plain, consumed, true);
    SSLParameters parameters = socket.getSSLParameters();
    parameters.setProtocols(PemTls.PROTOCOLS);
    parameters.setNeedClientAuth(mutual());
    socket.setSSLParameters(parameters);
    socket.setUseClientMode(false);
    socket.setHandshakeApplicationProtocolSelector((ssl, offered) -> applicationProtocol(offered));
    socket.startHandshake();
    return socket;
  }

  /**
   * The ALPN answer to what a client offers: {@code h2} to a client that offers it without {@code
   * http/1.1}, as gRPC clients do (grpc-java, grpc-js, grpc-go, Python's grpcio), since HTTP/2 on
   * this port carries gRPC only; {@code http/1.1} to one that offers it, as OTLP/HTTP clients that
   * would also take HTTP/2 do (Go's, OkHttp, the JDK's {@code HttpClient}); {@code ""}, no answer,
   * to one that offers neither (Node's {@code https} module offers none).
   */
  static String applicationProtocol(java.util.List<String> offered) {
    if (offered.contains("http/1.1")) {
      return "http/1.1";
    }
    return offered.contains("h2") ? "h2" : "";
  }

  /** The newest context: the files' stamp is checked, and changed files are read again. */
  SSLContext context() {
    Loaded loaded = current;
    List<Object> stamp;
    try {
      stamp = stamp(files);
    } catch (IOException e) {
      return loaded.context(); // a file being replaced for a moment: keep serving the old one
    }
    if (stamp.equals(loaded.stamp()) || stamp.equals(refused)) {
      return loaded.context();
    }
    synchronized (this) {
      if (current != loaded) {
        return current.context();
      }
      try {
        current =
            new Loaded(PemTls.server(files.certificate(), files.key(), files.clientCa()), stamp);
        refused = null;
      } catch (IOException e) {
        refused = stamp;
        TracingFaults.report(
            "collector-tls-reload",
            "the collector's TLS files changed but cannot be used ("
                + e.getMessage()
                + "); it keeps serving the certificate it had, and tries again when they change",
            null);
      }
      return current.context();
    }
  }

  private static List<Object> stamp(TlsFiles files) throws IOException {
    List<Object> stamp = new ArrayList<>();
    for (Path file : new Path[] {files.certificate(), files.key(), files.clientCa()}) {
      if (file != null) {
        stamp.add(Files.getLastModifiedTime(file));
        stamp.add(Files.size(file));
      } else {
        stamp.add(Objects.toString(null));
      }
    }
    return stamp;
  }
}
