package io.rpcxbench.serverkit;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.ExitCode;
import io.rpcxbench.tls.TlsSetupException;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import sun.misc.Signal;

/**
 * The kit's command: {@code --bind}, {@code --port}, the limits ({@link ServerLimits}), what the
 * server does per call ({@code --work}, {@code --chain-to}: {@link ServiceOptions}), the ready
 * line, the graceful stop, TLS ({@code --tls-cert}, {@code --tls-key}, {@code --tls-client-ca}:
 * {@link ServerTls}).
 */
@Command(
    mixinStandardHelpOptions = true,
    sortOptions = false,
    versionProvider = Version.class,
    resourceBundle = "io.rpcxbench.api.ExitCodes")
public final class ServerCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--bind",
      paramLabel = "ADDR",
      defaultValue = "0.0.0.0",
      description = "Address to listen on (default: ${DEFAULT-VALUE}).")
  String bind;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "TCP port, 0 for one the OS chooses (default: the protocol's own).")
  Integer port;

  @Option(
      names = "--idle-timeout",
      paramLabel = "DURATION",
      defaultValue = "5m",
      converter = LimitConverters.DurationConverter.class,
      description =
          "Close a connection with no traffic for this long, e.g. 90s, 5m; 0: never"
              + " (default: ${DEFAULT-VALUE}).")
  Duration idleTimeout;

  @Option(
      names = "--frame-deadline",
      paramLabel = "DURATION",
      defaultValue = "30s",
      converter = LimitConverters.DurationConverter.class,
      description =
          "Close a connection whose request is still unfinished this long after its first byte;"
              + " 0: never (default: ${DEFAULT-VALUE}).")
  Duration frameDeadline;

  @Option(
      names = "--handshake-deadline",
      paramLabel = "DURATION",
      defaultValue = "10s",
      converter = LimitConverters.DurationConverter.class,
      description =
          "Close a connection that has not finished its TLS handshake, or sent its first byte in"
              + " plaintext, this long after accept (a trickled or stalled ClientHello, a silent"
              + " connection holding the cap); 0: never (default: ${DEFAULT-VALUE}).")
  Duration handshakeDeadline;

  @Option(
      names = "--max-connections",
      paramLabel = "N",
      defaultValue = "" + ServerLimits.DEFAULT_MAX_CONNECTIONS,
      description =
          "Connections open at once; new ones past it are closed at accept, one log line per"
              + " burst; 0: no cap (default: ${DEFAULT-VALUE}).")
  int maxConnections;

  @Option(
      names = "--max-frame",
      paramLabel = "BYTES",
      defaultValue = "2MiB",
      converter = LimitConverters.BytesConverter.class,
      description =
          "Largest request accepted, e.g. 2MiB, 512k; the protocol's own bound if smaller"
              + " (default: ${DEFAULT-VALUE}).")
  long maxFrame;

  @Option(
      names = "--max-buffered",
      paramLabel = "BYTES",
      converter = LimitConverters.BytesConverter.class,
      description =
          "Bytes all connections together may hold in unfinished requests over 64 KiB; the"
              + " connection that would pass it is closed; 0: no budget (default: 64MiB, at most"
              + " a quarter of -Xmx).")
  Long maxBuffered;

  @Option(
      names = "--tls-cert",
      paramLabel = "FILE",
      description =
          "Serve TLS only, with this PEM certificate (chain); needs --tls-key. Make test files with"
              + " java -jar tls-kit/target/tls-kit.jar --out DIR --name HOST.")
  Path tlsCert;

  @Option(
      names = "--tls-key",
      paramLabel = "FILE",
      description = "The PKCS#8 PEM key of --tls-cert.")
  Path tlsKey;

  @Option(
      names = "--tls-client-ca",
      paramLabel = "FILE",
      description =
          "mTLS: require every client to present a certificate signed by this PEM CA; needs"
              + " --tls-cert.")
  Path tlsClientCa;

  @Mixin ServiceOptions serviceOptions = new ServiceOptions();

  @Unmatched List<String> unmatched = new ArrayList<>();

  private final ServerDefinition definition;
  private final ServerStarter starter;
  private final boolean waitForSignal;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile RunningServer server;
  private volatile BenchService service;

  /**
   * @param waitForSignal true in {@code main}: serve until SIGTERM/SIGINT, then exit 0; false in
   *     tests: return after the ready line
   */
  public ServerCommand(ServerDefinition definition, ServerStarter starter, boolean waitForSignal) {
    this.definition = definition;
    this.starter = starter;
    this.waitForSignal = waitForSignal;
  }

  ServerDefinition definition() {
    return definition;
  }

  @Override
  public Integer call() throws InterruptedException {
    int chosenPort = port != null ? port : definition.defaultPort();
    if (chosenPort < 0 || chosenPort > 65535) {
      throw new ParameterException(
          spec.commandLine(), "--port must be 0..65535, got " + chosenPort);
    }
    resolve(bind);
    List<String> passThrough = passThrough();
    ServerLimits limits = limits();
    checkServiceOptions();
    ServerTls tls = tls();
    PrintWriter err = spec.commandLine().getErr();
    try {
      service = serviceOptions.build(definition.id(), err);
      server = starter.start(bind, chosenPort, passThrough, limits, service, tls);
    } catch (ServerStarter.RefusedService e) {
      closeService();
      err.println(definition.id() + ": error: " + e.getMessage());
      err.flush();
      return ExitCode.USAGE.code();
    } catch (Exception e) {
      closeService();
      err.println(definition.id() + ": " + startFailure(e, chosenPort));
      err.flush();
      return ExitCode.FAILED.code();
    }
    if (serviceOptions.asksForMore()) {
      err.println(definition.id() + ": serving " + service.describe());
      err.flush();
    }
    if (tls != null) {
      err.println(
          definition.id() + ": " + server.tlsStack().map(tls::describe).orElseGet(tls::describe));
      err.flush();
    }
    if (waitForSignal) {
      // before the ready line: a runner that stops the server as soon as it is ready (or goes,
      // RunnerWatch) gets the graceful stop too
      Runtime.getRuntime().addShutdownHook(new Thread(this::stop, definition.id() + "-stop"));
      for (String name : new String[] {"TERM", "INT"}) {
        // System.exit runs the hook above: a graceful stop, and exit 0 instead of 143/130.
        Signal.handle(new Signal(name), signal -> System.exit(ExitCode.OK.code()));
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println(definition.id() + " listening on " + hostPort(bind, server.port()));
    out.flush();
    if (waitForSignal) {
      stopped.await();
    }
    return ExitCode.OK.code();
  }

  /** Stops the server gracefully; idempotent. */
  public void stop() {
    RunningServer running = server;
    if (running != null && stopped.getCount() > 0) {
      running.close();
      closeService();
      System.err.println(definition.id() + ": stopped");
    }
    stopped.countDown();
  }

  /** The port the running server bound, for tests. */
  public int boundPort() {
    return server.port();
  }

  /** Bad service options, or options this server cannot honour: usage errors. */
  private void checkServiceOptions() {
    String error = serviceOptions.usageError();
    if (error != null) {
      throw new ParameterException(spec.commandLine(), error);
    }
    if (serviceOptions.asksForMore() && !starter.takesService()) {
      throw new ParameterException(
          spec.commandLine(),
          definition.id() + " runs its own logic: --work and --chain-to are not available");
    }
  }

  /**
   * The TLS the options ask for, its files checked; null for plaintext. Usage errors: a key without
   * a certificate or the reverse, a client CA without them, TLS for a server that has none, a file
   * that cannot be used.
   */
  private ServerTls tls() {
    if (tlsCert == null && tlsKey == null && tlsClientCa == null) {
      return null;
    }
    if (!starter.takesTls()) {
      throw new ParameterException(
          spec.commandLine(),
          definition.id()
              + " has no TLS wired: --tls-cert, --tls-key and --tls-client-ca are not available"
              + " (docs/tls.md lists the protocols that have)");
    }
    if (tlsCert == null || tlsKey == null) {
      throw new ParameterException(
          spec.commandLine(),
          "TLS needs both --tls-cert and --tls-key (--tls-client-ca adds mTLS)");
    }
    ServerTls tls = new ServerTls(tlsCert, tlsKey, tlsClientCa);
    try {
      tls.sslContext();
    } catch (TlsSetupException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    return tls;
  }

  /** Closes a gateway's clients; a plain service holds nothing. */
  private void closeService() {
    if (service instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        // stopping anyway
      }
    }
  }

  /** The limits the options ask for. */
  ServerLimits limits() {
    if (maxFrame > Integer.MAX_VALUE) {
      throw new ParameterException(spec.commandLine(), "--max-frame must be below 2GiB");
    }
    try {
      return new ServerLimits(
          idleTimeout,
          frameDeadline,
          maxConnections,
          (int) maxFrame,
          maxBuffered != null ? maxBuffered : ServerLimits.defaultMaxBuffered(),
          handshakeDeadline);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private void resolve(String address) {
    try {
      InetAddress.getByName(address);
    } catch (UnknownHostException e) {
      throw new ParameterException(spec.commandLine(), "--bind: unknown host " + address);
    }
  }

  private List<String> passThrough() {
    for (String arg : unmatched) {
      if (definition.passThrough().map(p -> !p.matcher(arg).matches()).orElse(true)) {
        throw new ParameterException(spec.commandLine(), "unknown argument " + arg);
      }
    }
    return List.copyOf(unmatched);
  }

  private String startFailure(Exception e, int chosenPort) {
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof BindException
          || isPortInUse(c)
          || String.valueOf(c.getMessage()).contains("Address already in use")) {
        return "cannot listen on " + hostPort(bind, chosenPort) + ": address already in use";
      }
    }
    return "cannot start: " + e;
  }

  /**
   * Spring Boot reports a busy port with its own exception type, and Netty's native transports with
   * an IOException that only says so in its message, not with a BindException.
   */
  private static boolean isPortInUse(Throwable t) {
    return t.getClass().getSimpleName().equals("PortInUseException");
  }

  /** {@code host:port}, with brackets around an IPv6 literal. */
  public static String hostPort(String host, int port) {
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }
}
