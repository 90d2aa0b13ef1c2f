package io.rpcxbench.protocols.amqp;

import io.rpcxbench.serverkit.MaxDirectMemory;
import io.rpcxbench.serverkit.ServerTls;
import java.net.URL;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.qpid.server.SystemLauncher;

/**
 * Apache Qpid Broker-J in this JVM: memory configuration store and memory virtual host (nothing on
 * disk but an empty work folder), one AMQP 0-9-1 port on the server's address, one user, this
 * host's {@link BrokerCredentials} (no guest), messages up to {@link AmqpWire#MAX_BODY}. With TLS
 * the port on the server's address is AMQPS and the consumers get a plaintext port on loopback
 * ({@link QpidTls}). Qpid classes are loaded only here, so the harness, which does not carry them,
 * never touches this class.
 */
final class QpidBroker implements Broker {
  private static final String CONFIG = "/qpid-initial-config.json";
  private static final String PREFIX = "rpcx-bench-qpid-";

  private final SystemLauncher launcher;
  private final Path workDir;
  private final String connectHost;
  private final int port;
  private final int consumerPort;
  private final ServerTls tls;
  private final BrokerCredentials credentials;
  private boolean closed;

  private QpidBroker(
      SystemLauncher launcher,
      Path workDir,
      String connectHost,
      int port,
      int consumerPort,
      ServerTls tls,
      BrokerCredentials credentials) {
    this.launcher = launcher;
    this.workDir = workDir;
    this.connectHost = connectHost;
    this.port = port;
    this.consumerPort = consumerPort;
    this.tls = tls;
    this.credentials = credentials;
  }

  /**
   * Starts the broker on {@code bind:port} (0: a free port).
   *
   * @throws java.net.BindException when the port is busy
   */
  static QpidBroker start(String bind, int port) throws Exception {
    return start(bind, port, null);
  }

  /**
   * As above; with {@code tls} (not null) the port speaks AMQPS only, and the consumers connect to
   * a plaintext port on 127.0.0.1 ({@link #consumerPort()}).
   */
  static QpidBroker start(String bind, int port, ServerTls tls) throws Exception {
    int actual = Ports.reserve(bind, port);
    int consumerPort = tls == null ? actual : Ports.reserve("127.0.0.1", 0);
    OwnedFolders.orphans(PREFIX).forEach(OwnedFolders::delete); // left by killed servers
    Path work = OwnedFolders.create(PREFIX);
    URL config;
    try {
      config =
          tls == null
              ? QpidBroker.class.getResource(CONFIG)
              : QpidTls.configure(tls, work).toUri().toURL();
    } catch (java.io.IOException | RuntimeException e) {
      OwnedFolders.delete(work);
      throw e;
    }
    Map<String, String> context = new HashMap<>();
    context.put("rpcxbench.consumer_port", String.valueOf(consumerPort));
    context.put("qpid.work_dir", work.toString());
    context.put("qpid.amqp_port", String.valueOf(actual));
    context.put("rpcxbench.bind", bind);
    context.put("qpid.max_message_size", String.valueOf(AmqpWire.MAX_BODY));
    context.put(
        "qpid.broker.networkBufferSize",
        String.valueOf(networkBufferSize(MaxDirectMemory.bytes())));
    BrokerCredentials credentials = BrokerCredentials.ofThisHost();
    context.put("rpcxbench.user", credentials.user());
    context.put("rpcxbench.password", credentials.password());
    Map<String, Object> attributes = new HashMap<>();
    attributes.put("type", "Memory");
    attributes.put("initialConfigurationLocation", config.toExternalForm());
    attributes.put("startupLoggedToSystemOut", false);
    attributes.put("context", context);
    SystemLauncher launcher = new SystemLauncher();
    try {
      launcher.startup(attributes);
    } catch (Exception | Error e) {
      launcher.shutdown();
      OwnedFolders.delete(work);
      throw e;
    }
    String connectHost = tls == null ? Ports.connectHost(bind) : "127.0.0.1";
    return new QpidBroker(launcher, work, connectHost, actual, consumerPort, tls, credentials);
  }

  @Override
  public BrokerCredentials credentials() {
    return credentials;
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

  /**
   * Qpid's network buffers: 1/1024 of the direct memory, from 64 KiB to Qpid's default 256 KiB (at
   * 256 MiB and more, as at the deploy flags, unchanged). Queued messages keep slices of them; at
   * {@code -XX:MaxDirectMemorySize=64m} and 256 KiB a 200,000-request flood stalled every honest
   * call (issue 48, docs/hardening.md), at 64 KiB it held.
   */
  static int networkBufferSize(long maxDirectBytes) {
    long size = Long.highestOneBit(Math.max(1, maxDirectBytes / 1024));
    return (int) Math.max(64 * 1024, Math.min(256 * 1024, size));
  }

  @Override
  public String how() {
    return "embedded in the server's JVM (memory store, network buffers of "
        + networkBufferSize(MaxDirectMemory.bytes()) / 1024
        + " KiB)"
        + (tls == null
            ? ""
            : ", AMQPS only on its port ("
                + (tls.mutual() ? "mTLS, client certificates signed by " + tls.clientCa() : "TLS")
                + "; the consumers on a plaintext port on 127.0.0.1)");
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    launcher.shutdown();
    OwnedFolders.delete(workDir);
  }
}
