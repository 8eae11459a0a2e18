package io.spanweave.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Certificates made for a test, in PEM files as users give them: a CA made by the JDK's {@code
 * keytool}, and certificates it signs for the collector (valid for {@code 127.0.0.1} and {@code
 * localhost}) and for clients. Nothing is committed; every key lives in the test's directory.
 */
public final class TestCertificates {

  private static final String PASSWORD = "test-store";

  private final Path dir;
  private final String caName;
  private final Path caStore;

  /**
   * The CA's certificate, PEM: what a client trusts (OTEL_EXPORTER_OTLP_CERTIFICATE) or a server's
   * client CA.
   */
  public final Path caCertificate;

  /** A certificate chain (leaf first) and its PKCS#8 key, both PEM. */
  public record Pair(Path certificate, Path key) {}

  private TestCertificates(Path dir, String caName) throws IOException {
    this.dir = dir;
    this.caName = caName;
    this.caStore = dir.resolve(caName + "-ca.p12");
    this.caCertificate = dir.resolve(caName + "-ca.pem");
  }

  /** A new CA named {@code caName}, its files in {@code dir}. */
  public static TestCertificates newCa(Path dir, String caName) throws IOException {
    Files.createDirectories(dir);
    TestCertificates ca = new TestCertificates(dir, caName);
    keytool(
        "-genkeypair",
        "-alias",
        "ca",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-dname",
        "CN=" + caName,
        "-ext",
        "bc:c",
        "-validity",
        "2",
        "-keystore",
        ca.caStore.toString(),
        "-storetype",
        "PKCS12",
        "-storepass",
        PASSWORD);
    try {
      Files.writeString(
          ca.caCertificate, pem("CERTIFICATE", load(ca.caStore).getCertificate("ca").getEncoded()));
    } catch (java.security.GeneralSecurityException e) {
      throw new IOException(e);
    }
    return ca;
  }

  /** A server certificate for 127.0.0.1 and localhost, RSA or EC, signed by this CA. */
  public Pair server(String name, boolean rsa) throws IOException {
    return issue(name, rsa, "serverAuth", "SAN=ip:127.0.0.1,dns:localhost");
  }

  /** A client certificate signed by this CA, for mTLS. */
  public Pair client(String name) throws IOException {
    return issue(name, false, "clientAuth", null);
  }

  private Pair issue(String name, boolean rsa, String usage, String san) throws IOException {
    Path store = dir.resolve(name + ".p12");
    Path request = dir.resolve(name + ".csr");
    Path signed = dir.resolve(name + ".signed.pem");
    List<String> generate =
        new ArrayList<>(
            List.of(
                "-genkeypair",
                "-alias",
                name,
                "-dname",
                "CN=" + name,
                "-validity",
                "2",
                "-keystore",
                store.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                PASSWORD));
    generate.addAll(
        rsa
            ? List.of("-keyalg", "RSA", "-keysize", "2048")
            : List.of("-keyalg", "EC", "-groupname", "secp256r1"));
    keytool(generate.toArray(String[]::new));
    keytool(
        "-certreq",
        "-alias",
        name,
        "-keystore",
        store.toString(),
        "-storepass",
        PASSWORD,
        "-file",
        request.toString());
    List<String> sign =
        new ArrayList<>(
            List.of(
                "-gencert",
                "-alias",
                "ca",
                "-keystore",
                caStore.toString(),
                "-storepass",
                PASSWORD,
                "-infile",
                request.toString(),
                "-outfile",
                signed.toString(),
                "-rfc",
                "-validity",
                "2",
                "-ext",
                "EKU=" + usage));
    if (san != null) {
      sign.addAll(List.of("-ext", san));
    }
    keytool(sign.toArray(String[]::new));
    Path certificate = dir.resolve(name + ".crt");
    Path key = dir.resolve(name + ".key");
    Files.writeString(certificate, Files.readString(signed) + Files.readString(caCertificate));
    try {
      Key privateKey = load(store).getKey(name, PASSWORD.toCharArray());
      Files.writeString(
          key, pem("PRIVATE KEY", privateKey.getEncoded())); // PKCS#8, as getEncoded gives it
    } catch (java.security.GeneralSecurityException e) {
      throw new IOException(e);
    }
    return new Pair(certificate, key);
  }

  private static KeyStore load(Path store) throws IOException {
    try (var in = Files.newInputStream(store)) {
      KeyStore keys = KeyStore.getInstance("PKCS12");
      keys.load(in, PASSWORD.toCharArray());
      return keys;
    } catch (java.security.GeneralSecurityException e) {
      throw new IOException(e);
    }
  }

  static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }

  private static void keytool(String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IOException("keytool " + args[0] + " failed: " + output);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }
}
