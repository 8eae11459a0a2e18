package io.spanweave.runtime.internal.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * TLS contexts from PEM files, the format the OpenTelemetry Collector, cert-manager and {@code
 * openssl} use: a certificate chain, a PKCS#8 private key (RSA or EC) and CA bundles. The one place
 * that reads them, for the collector's server side and for every client that posts to a collector,
 * so that a file is understood, and refused, the same way everywhere.
 *
 * <p>Only the JDK: {@link CertificateFactory} reads PEM certificates itself, and a PKCS#8 key is
 * the base64 between its {@code BEGIN/END PRIVATE KEY} lines. A key in the older PKCS#1 or SEC1
 * form ({@code BEGIN RSA PRIVATE KEY}, {@code BEGIN EC PRIVATE KEY}) or an encrypted one is refused
 * with the {@code openssl} command that converts it. Messages name files, never their contents.
 */
public final class PemTls {

  /** TLS 1.2 and 1.3 only: what OpenTelemetry's receivers accept by default. */
  public static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

  private static final String KEY_BEGIN = "-----BEGIN PRIVATE KEY-----";
  private static final String KEY_END = "-----END PRIVATE KEY-----";

  private PemTls() {}

  /**
   * A client's context and the trust manager it checks servers with (OpenTelemetry's exporters want
   * both).
   */
  public record Client(SSLContext context, X509TrustManager trustManager) {}

  /**
   * The context a TLS server presents {@code certificate} and {@code key} with; with {@code
   * clientCa} it also trusts client certificates signed by those CAs (the caller asks for them).
   *
   * @param clientCa a PEM CA bundle, or {@code null} for no client certificates
   * @throws IOException naming the file that is missing or wrong
   */
  public static SSLContext server(Path certificate, Path key, Path clientCa) throws IOException {
    return context(
        keyManagers(certificate, key), clientCa == null ? null : trustManagers(clientCa));
  }

  /**
   * The context a client connects with: trusting the CAs of {@code trusted} ({@code null}: the
   * JDK's default CAs), and presenting {@code certificate} with {@code key} when the server asks
   * (mTLS).
   *
   * @param certificate the client's PEM certificate chain, or {@code null} for none; given with
   *     {@code key}
   * @throws IOException naming the file that is missing or wrong
   */
  public static Client client(Path trusted, Path certificate, Path key) throws IOException {
    if ((certificate == null) != (key == null)) {
      throw new IOException(
          "a client certificate needs its private key and a key its certificate; "
              + (certificate == null
                  ? "the key " + key + " was given alone"
                  : "the certificate " + certificate + " was given alone"));
    }
    TrustManager[] trust = trusted == null ? defaultTrustManagers() : trustManagers(trusted);
    return new Client(
        context(certificate == null ? null : keyManagers(certificate, key), trust),
        (X509TrustManager) trust[0]);
  }

  /**
   * The JDK HTTP client every poster of the runtime uses: HTTP/1.1 (over TLS, ALPN {@code h2} would
   * take the collector's gRPC path, and in plain text the client would offer an upgrade with every
   * first request), TLS 1.2 or 1.3 with {@code tls}'s context when given.
   *
   * @param tls the context, or {@code null} for the JDK's default
   */
  public static HttpClient httpClient(Client tls, Duration connectTimeout) {
    HttpClient.Builder builder =
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout);
    if (tls != null) {
      SSLParameters parameters = tls.context().getDefaultSSLParameters();
      parameters.setProtocols(PROTOCOLS);
      builder.sslContext(tls.context()).sslParameters(parameters);
    }
    return builder.build();
  }

  private static SSLContext context(KeyManager[] keys, TrustManager[] trust) throws IOException {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys, trust, null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IOException("the JDK could not set up TLS: " + e.getMessage(), e);
    }
  }

  /** The PEM certificates in {@code file}, in their order (a chain: the leaf first). */
  public static List<X509Certificate> certificates(Path file) throws IOException {
    byte[] pem = read(file);
    List<X509Certificate> certificates = new ArrayList<>();
    try {
      for (Certificate certificate :
          CertificateFactory.getInstance("X.509")
              .generateCertificates(new ByteArrayInputStream(pem))) {
        certificates.add((X509Certificate) certificate);
      }
    } catch (CertificateException e) {
      throw new IOException(file + " is not a PEM certificate file (" + e.getMessage() + ")", e);
    }
    if (certificates.isEmpty()) {
      throw new IOException(
          file + " holds no certificate; expected '-----BEGIN CERTIFICATE-----' blocks");
    }
    return certificates;
  }

  /** The PKCS#8 private key in {@code file}, RSA or EC. */
  public static PrivateKey privateKey(Path file) throws IOException {
    String text = new String(read(file), StandardCharsets.US_ASCII);
    if (text.contains("-----BEGIN RSA PRIVATE KEY-----")
        || text.contains("-----BEGIN EC PRIVATE KEY-----")) {
      throw new IOException(
          file
              + " holds a key in the older PKCS#1/SEC1 form; convert it to PKCS#8 with "
              + "'openssl pkcs8 -topk8 -nocrypt -in "
              + file
              + " -out key.pk8.pem' and use that file");
    }
    if (text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")) {
      throw new IOException(
          file
              + " holds an encrypted key, and there is no password to give; write it unencrypted "
              + "with 'openssl pkcs8 -topk8 -nocrypt -in "
              + file
              + " -out key.pk8.pem' and protect the file instead");
    }
    int begin = text.indexOf(KEY_BEGIN);
    int end = text.indexOf(KEY_END, Math.max(begin, 0));
    if (begin < 0 || end < 0) {
      throw new IOException(
          file
              + " holds no PEM private key; expected a PKCS#8 key between '"
              + KEY_BEGIN
              + "' and '"
              + KEY_END
              + "'");
    }
    byte[] der;
    try {
      der = Base64.getMimeDecoder().decode(text.substring(begin + KEY_BEGIN.length(), end));
    } catch (IllegalArgumentException e) {
      throw new IOException(file + " holds a private key whose base64 is broken", e);
    }
    PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
    for (String algorithm : new String[] {"RSA", "EC"}) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(spec);
      } catch (InvalidKeySpecException | java.security.NoSuchAlgorithmException wrongAlgorithm) {
        // try the next algorithm
      }
    }
    throw new IOException(file + " holds a PKCS#8 key that is neither RSA nor EC");
  }

  private static KeyManager[] keyManagers(Path certificate, Path key) throws IOException {
    List<X509Certificate> chain = certificates(certificate);
    PrivateKey privateKey = privateKey(key);
    if (!chain.get(0).getPublicKey().getAlgorithm().equals(privateKey.getAlgorithm())) {
      throw new IOException(
          key
              + " ("
              + privateKey.getAlgorithm()
              + ") is not the key of the certificate in "
              + certificate
              + " ("
              + chain.get(0).getPublicKey().getAlgorithm()
              + ")");
    }
    try {
      char[] password = new char[0]; // an in-memory store: the password protects nothing here
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry("key", privateKey, password, chain.toArray(new Certificate[0]));
      KeyManagerFactory factory =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      factory.init(store, password);
      return factory.getKeyManagers();
    } catch (GeneralSecurityException e) {
      throw new IOException(
          "the key in "
              + key
              + " and the certificate in "
              + certificate
              + " cannot be used together ("
              + e.getMessage()
              + ")",
          e);
    }
  }

  private static TrustManager[] trustManagers(Path bundle) throws IOException {
    List<X509Certificate> cas = certificates(bundle);
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      for (int i = 0; i < cas.size(); i++) {
        store.setCertificateEntry("ca-" + i, cas.get(i));
      }
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(store);
      return factory.getTrustManagers();
    } catch (GeneralSecurityException e) {
      throw new IOException(
          "the CA certificates in " + bundle + " cannot be trusted (" + e.getMessage() + ")", e);
    }
  }

  private static TrustManager[] defaultTrustManagers() throws IOException {
    try {
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init((KeyStore) null);
      return factory.getTrustManagers();
    } catch (GeneralSecurityException e) {
      throw new IOException(
          "the JDK's default CA certificates could not be loaded (" + e.getMessage() + ")", e);
    }
  }

  private static byte[] read(Path file) throws IOException {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new IOException(file + " does not exist", e);
    } catch (IOException e) {
      throw new IOException(file + " cannot be read (" + e.getMessage() + ")", e);
    }
  }
}
