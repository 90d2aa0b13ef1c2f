package io.rpcxbench.runner.point;

import io.rpcxbench.spi.ClientTls;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code --tls off|tls|mtls} of a run that starts its servers (--local, --lab): a test authority
 * made for the run in {@code <out>/tls/} by {@code tls-kit.jar} (never committed keys; a resumed
 * run keeps its files), the servers' flags ({@code --tls-cert}, {@code --tls-key}, with mTLS {@code
 * --tls-client-ca}) and the harness's files (the authority, with mTLS the client's certificate and
 * key). docs/tls.md.
 *
 * <pre>{@code
 * RunTls tls = RunTls.of("mtls", out);
 * tls.make(home, "198.18.0.2", log);   // out/tls/ca.pem, server.pem, ...
 * tls.serverArgs();                    // [--tls-cert, out/tls/server.pem, --tls-key, ..., --tls-client-ca, ...]
 * tls.clientTls();                     // ClientTls[ca=out/tls/ca.pem, cert=..., key=...]
 * }</pre>
 */
public final class RunTls {
  static final List<String> MODES = List.of("off", "tls", "mtls");
  public static final String JAR = "tls-kit/target/tls-kit.jar";
  private static final long MAKE_TIMEOUT_S = 120;

  private final String mode;
  private final Path dir;

  private RunTls(String mode, Path dir) {
    this.mode = mode;
    this.dir = dir;
  }

  /**
   * @throws IllegalArgumentException for a mode not in {@link #MODES}
   */
  public static RunTls of(String mode, Path out) {
    return new RunTls(checked(mode), out.toAbsolutePath().resolve("tls"));
  }

  /**
   * @throws IllegalArgumentException for a mode not in {@link #MODES}
   */
  public static String checked(String mode) {
    if (!MODES.contains(mode)) {
      throw new IllegalArgumentException(
          "--tls must be one of " + String.join(", ", MODES) + ", got '" + mode + "'");
    }
    return mode;
  }

  public String mode() {
    return mode;
  }

  public boolean on() {
    return !mode.equals("off");
  }

  private boolean mutual() {
    return mode.equals("mtls");
  }

  Path dir() {
    return dir;
  }

  /** The servers' flags; none when off. */
  public List<String> serverArgs() {
    List<String> args = new ArrayList<>();
    if (on()) {
      args.addAll(
          List.of(
              "--tls-cert",
              dir.resolve("server.pem").toString(),
              "--tls-key",
              dir.resolve("server-key.pem").toString()));
      if (mutual()) {
        args.addAll(List.of("--tls-client-ca", dir.resolve("ca.pem").toString()));
      }
    }
    return args;
  }

  /** The harness's TLS files; null when off. */
  public ClientTls clientTls() {
    if (!on()) {
      return null;
    }
    return mutual()
        ? new ClientTls(
            dir.resolve("ca.pem"), dir.resolve("client.pem"), dir.resolve("client-key.pem"))
        : ClientTls.trusting(dir.resolve("ca.pem"));
  }

  /**
   * Makes the authority's files for {@code host} (and loopback) unless a resumed run has them.
   *
   * @throws IOException when tls-kit.jar is missing or fails (its output in the message)
   */
  public void make(Path home, String host, Consumer<String> log)
      throws IOException, InterruptedException {
    if (!on() || Files.isRegularFile(dir.resolve("client-key.pem"))) {
      return;
    }
    Path jar = jar(home);
    Files.createDirectories(dir);
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar.toString(),
                "--out",
                dir.toString(),
                "--name",
                host));
    for (String name : List.of("127.0.0.1", "localhost")) {
      if (!name.equals(host)) {
        command.addAll(List.of("--name", name));
      }
    }
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    boolean done = p.waitFor(MAKE_TIMEOUT_S, TimeUnit.SECONDS);
    String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (!done) {
      p.destroyForcibly();
      throw new IOException("tls-kit.jar did not finish within " + MAKE_TIMEOUT_S + " s");
    }
    if (p.exitValue() != 0) {
      throw new IOException("tls-kit.jar failed (exit " + p.exitValue() + "): " + said);
    }
    log.accept(
        "TLS ("
            + mode
            + "): a test authority made for this run in "
            + dir
            + " (server certificate for "
            + host
            + ")");
  }

  private static Path jar(Path home) throws IOException {
    for (Path c : List.of(home.resolve(JAR), home.resolve(Path.of(JAR).getFileName()))) {
      if (Files.isRegularFile(c)) {
        return c;
      }
    }
    throw new IOException(
        JAR + " not found under " + home + "; build it with: mvn -B -q -pl tls-kit package");
  }
}
