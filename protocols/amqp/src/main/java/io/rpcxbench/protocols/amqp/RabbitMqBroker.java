package io.rpcxbench.protocols.amqp;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.rpcxbench.serverkit.ServerTls;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Debian's rabbitmq-server as a child of this JVM, a private node: its own node name, AMQP port
 * (the server's {@code --bind}/{@code --port}), distribution port, data and log folder (one temp
 * folder), no plugins, one user, this host's {@link BrokerCredentials} (no guest), logging in from
 * any address the node listens on, messages up to {@link AmqpWire#MAX_BODY}, a log of at most 2 x
 * {@link #LOG_FILE_BYTES} (connections' errors only: a stranger's refused logins). With TLS its
 * listener on the server's address is AMQPS only ({@code listeners.ssl}, {@code ssl_options} of the
 * kit's PEM files; for mTLS {@code verify_peer} and {@code fail_if_no_peer_cert}) and the consumers
 * get a plaintext listener on 127.0.0.1. It runs in the foreground under {@code
 * rabbitmq-watchdog.sh}, which stops the node when this JVM asks or dies (even by SIGKILL) and
 * removes the folder; at start, folders of nodes whose JVM and watchdog are both gone are cleaned
 * up (their node killed). The node's files and its launch are {@link RabbitMqLaunch}'s.
 */
final class RabbitMqBroker implements Broker {
  private static final Logger log = LoggerFactory.getLogger(RabbitMqBroker.class);
  private static final String PREFIX = "rpcx-bench-rabbitmq-";
  private static final long START_TIMEOUT_MS = 150_000;

  /** The node's log file rotates at this size, one old file kept: at most twice this on disk. */
  static final long LOG_FILE_BYTES = 1 << 20;

  private static final long STOP_TIMEOUT_S = 60;

  /**
   * Where the node's Erlang distribution and epmd listen: only rabbitmqctl, on this host, speaks to
   * them (issue 48: with {@code --bind 127.0.0.1} both listened on 0.0.0.0, guarded by the cookie
   * alone).
   */
  static final String LOOPBACK = "127.0.0.1";

  /** The TLS versions the AMQPS listener accepts, as every server of the kit (no 1.0, no 1.1). */
  static final String TLS_VERSIONS = "TLSv1.3,TLSv1.2";

  private final Process watchdog;
  private final Path dir;
  private final String node;
  private final String connectHost;
  private final int port;
  private final int consumerPort;
  private final ServerTls tls;
  private final BrokerCredentials credentials;
  private volatile boolean closing;

  private RabbitMqBroker(
      Process watchdog,
      Path dir,
      String node,
      String connectHost,
      int port,
      int consumerPort,
      ServerTls tls,
      BrokerCredentials credentials) {
    this.watchdog = watchdog;
    this.dir = dir;
    this.node = node;
    this.connectHost = connectHost;
    this.port = port;
    this.consumerPort = consumerPort;
    this.tls = tls;
    this.credentials = credentials;
  }

  /**
   * Starts a node on {@code bind:port} (0: a free port) and returns once it accepts AMQP
   * connections.
   *
   * @param onExit runs when the node exits without being asked to
   * @throws java.net.BindException when the port is busy
   */
  static RabbitMqBroker start(String bind, int port, Runnable onExit) throws Exception {
    return start(bind, port, null, onExit);
  }

  /**
   * As above; with {@code tls} (not null) the port speaks AMQPS only, and the consumers connect to
   * a plaintext listener on 127.0.0.1 ({@link #consumerPort()}).
   */
  static RabbitMqBroker start(String bind, int port, ServerTls tls, Runnable onExit)
      throws Exception {
    Path server = RabbitMqInstall.find().orElseThrow(() -> new IOException(RabbitMqInstall.HINT));
    cleanStrayNodes();
    int amqpPort = Ports.reserve(bind, port);
    int consumerPort = tls == null ? amqpPort : Ports.reserve("127.0.0.1", 0);
    int distPort = Ports.reserve(LOOPBACK, 0);
    long pid = ProcessHandle.current().pid();
    Path dir = OwnedFolders.create(PREFIX);
    String node = "rpcxbench-" + pid + "-" + amqpPort + "@localhost";
    BrokerCredentials credentials = BrokerCredentials.ofThisHost();
    Process watchdog;
    try {
      Listeners listeners = new Listeners(bind, amqpPort, consumerPort, tls);
      watchdog = RabbitMqLaunch.launch(server, dir, node, listeners, distPort, pid, credentials);
    } catch (IOException | RuntimeException e) {
      OwnedFolders.delete(dir);
      throw e;
    }
    String connectHost = tls == null ? Ports.connectHost(bind) : "127.0.0.1";
    RabbitMqBroker broker =
        new RabbitMqBroker(
            watchdog, dir, node, connectHost, amqpPort, consumerPort, tls, credentials);
    try {
      broker.awaitAmqp(Ports.connectHost(bind));
    } catch (Exception e) {
      String logs = broker.logTail();
      broker.close();
      throw new IOException(e.getMessage() + logs, e);
    }
    watchdog
        .onExit()
        .thenRun(
            () -> {
              if (!broker.closing) {
                log.error("the RabbitMQ node {} exited (code {})", node, watchdog.exitValue());
                onExit.run();
              }
            });
    return broker;
  }

  /**
   * An AMQP handshake as the node's user: the node has booted and its listener is up; with TLS,
   * also the AMQPS listener on {@code clientHost}.
   */
  private void awaitAmqp(String clientHost) throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(connectHost);
    factory.setPort(consumerPort);
    factory.setConnectionTimeout(2_000);
    factory.setAutomaticRecoveryEnabled(false);
    credentials.applyTo(factory);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MS);
    Exception last = null;
    while (System.nanoTime() - deadline < 0) {
      if (!watchdog.isAlive()) {
        throw new IOException(
            "rabbitmq-server exited with code " + watchdog.exitValue() + " while starting");
      }
      try (Connection probe = factory.newConnection("rpcx-bench startup probe")) {
        if (tls == null || servesTls(clientHost, port)) {
          return;
        }
      } catch (IOException | java.util.concurrent.TimeoutException e) {
        last = e;
      }
      Thread.sleep(200);
    }
    throw new IOException(
        "RabbitMQ did not accept AMQP connections within " + START_TIMEOUT_MS + " ms", last);
  }

  /**
   * Whether the AMQPS listener serves TLS: it sends its certificate in a handshake (the node starts
   * it after the other listener, and under load accepted TCP connections a while before it could
   * answer a handshake). The probe trusts nothing: it notes that a certificate came, then ends the
   * handshake.
   */
  private static boolean servesTls(String host, int port) {
    AtomicBoolean certificateCame = new AtomicBoolean();
    X509TrustManager noting =
        new X509TrustManager() {
          @Override
          public void checkClientTrusted(X509Certificate[] chain, String a)
              throws CertificateException {
            throw new CertificateException("a probe: no client is trusted");
          }

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String a)
              throws CertificateException {
            certificateCame.set(chain != null && chain.length > 0);
            throw new CertificateException("a readiness probe: not trusted");
          }

          @Override
          public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
          }
        };
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {noting}, null);
      try (SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket()) {
        s.connect(new java.net.InetSocketAddress(host, port), 2_000);
        s.setSoTimeout(2_000);
        s.setEnabledProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
        s.startHandshake();
      }
    } catch (IOException | GeneralSecurityException e) {
      // the handshake ends at the probe's trust manager, or the listener is not ready yet
    }
    return certificateCame.get();
  }

  private String logTail() {
    List<String> lines = new ArrayList<>();
    for (Path file : new Path[] {dir.resolve("console.log"), dir.resolve("log")}) {
      try (var files = Files.walk(file)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          List<String> all = Files.readAllLines(f, StandardCharsets.UTF_8);
          lines.addAll(all.subList(Math.max(0, all.size() - 15), all.size()));
        }
      } catch (IOException | java.io.UncheckedIOException e) {
        // nothing to show
      }
    }
    return lines.isEmpty() ? "" : "\n" + String.join("\n", lines);
  }

  @Override
  public String connectHost() {
    return connectHost;
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public int consumerPort() {
    return consumerPort;
  }

  @Override
  public BrokerCredentials credentials() {
    return credentials;
  }

  /** Erlang/OTP's {@code ssl} serves the AMQPS listener, not the JDK. */
  @Override
  public Optional<String> tlsStack() {
    return tls == null
        ? Optional.empty()
        : Optional.of(TLS_VERSIONS + " (Erlang/OTP ssl of RabbitMQ)");
  }

  @Override
  public String how() {
    return "rabbitmq-server as a child process (node "
        + node
        + ")"
        + (tls == null
            ? ""
            : ", AMQPS only on its port ("
                + (tls.mutual() ? "mTLS, client certificates signed by " + tls.clientCa() : "TLS")
                + "; the consumers on a plaintext listener on 127.0.0.1)");
  }

  /**
   * The node's AMQP listeners: plaintext on {@code bind:port} (set by the environment), or with TLS
   * an AMQPS listener there and a plaintext one for the consumers on 127.0.0.1, in {@code
   * rabbitmq.conf}.
   */
  record Listeners(String bind, int port, int consumerPort, ServerTls tls) {
    /** The lines of {@code rabbitmq.conf}; empty without TLS. */
    String config() {
      if (tls == null) {
        return "";
      }
      StringBuilder conf =
          new StringBuilder()
              .append("listeners.tcp.consumers = 127.0.0.1:")
              .append(consumerPort)
              .append("\nlisteners.ssl.clients = ")
              .append(bind)
              .append(':')
              .append(port)
              .append("\nssl_options.versions.1 = tlsv1.3")
              .append("\nssl_options.versions.2 = tlsv1.2")
              .append("\nssl_options.certfile = ")
              .append(tls.cert().toAbsolutePath())
              .append("\nssl_options.keyfile = ")
              .append(tls.key().toAbsolutePath())
              .append('\n');
      if (tls.mutual()) {
        conf.append("ssl_options.cacertfile = ")
            .append(tls.clientCa().toAbsolutePath())
            .append(
                "\nssl_options.verify = verify_peer\nssl_options.fail_if_no_peer_cert = true\n");
      } else {
        conf.append("ssl_options.verify = verify_none\nssl_options.fail_if_no_peer_cert = false\n");
      }
      return conf.toString();
    }
  }

  /** The node's private folder (data, logs, cookie); gone once the node has stopped. */
  Path folder() {
    return dir;
  }

  /** The node's Erlang VM, once it has written its pid file. */
  Optional<ProcessHandle> nodeProcess() {
    return readPid(dir.resolve("node.pid")).flatMap(ProcessHandle::of);
  }

  /** Stops the node gracefully (the watchdog's SIGTERM), waits for it, removes its folder. */
  @Override
  public void close() {
    if (closing) {
      return;
    }
    closing = true;
    Optional<ProcessHandle> erlang = nodeProcess();
    watchdog.destroy();
    try {
      if (!watchdog.waitFor(STOP_TIMEOUT_S, TimeUnit.SECONDS)) {
        log.warn("RabbitMQ node {} did not stop within {} s: killing it", node, STOP_TIMEOUT_S);
        erlang.ifPresent(ProcessHandle::destroyForcibly);
        watchdog.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      erlang.ifPresent(ProcessHandle::destroyForcibly);
      watchdog.destroyForcibly();
    }
    OwnedFolders.delete(dir);
  }

  /**
   * Removes what a node left when its JVM and its watchdog were both killed: its Erlang VM (if it
   * still runs) and its folder. A folder whose watchdog lives is being cleaned up by it.
   */
  static void cleanStrayNodes() {
    for (Path dir : OwnedFolders.orphans(PREFIX)) {
      if (OwnedFolders.alive(readPid(dir.resolve("watchdog.pid")))) {
        continue;
      }
      readPid(dir.resolve("node.pid"))
          .flatMap(ProcessHandle::of)
          .filter(p -> p.info().command().map(c -> c.contains("beam")).orElse(false))
          .ifPresent(
              p -> {
                log.warn("killing a stray RabbitMQ node (pid {}) left in {}", p.pid(), dir);
                p.destroyForcibly();
              });
      OwnedFolders.delete(dir);
    }
  }

  private static Optional<Long> readPid(Path file) {
    try {
      return Optional.of(Long.parseLong(Files.readString(file).trim()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }
}
