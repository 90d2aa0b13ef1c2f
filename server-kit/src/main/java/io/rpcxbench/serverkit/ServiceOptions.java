package io.rpcxbench.serverkit;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.service.ChainGateway;
import io.rpcxbench.serverkit.service.MessageShapedService;
import io.rpcxbench.serverkit.service.Work;
import io.rpcxbench.serverkit.service.WorkingService;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The kit's options for what a server does per call: {@code --work} (a service that works a while),
 * {@code --chain-to} (the gateway of a microservice chain, calling other servers of the same
 * protocol through its own client), and the {@link BenchService} they make.
 */
final class ServiceOptions {
  private static final Duration MAX_CONNECT = Duration.ofSeconds(5);

  @Option(
      names = "--work",
      paramLabel = "DURATION",
      defaultValue = "0",
      converter = LimitConverters.DurationConverter.class,
      description =
          "Work per call before answering, e.g. 100ms (seed 002's simulated logic); 0: none"
              + " (default: ${DEFAULT-VALUE}).")
  Duration work;

  @Option(
      names = "--work-kind",
      paramLabel = "KIND",
      defaultValue = "sleep",
      converter = WorkKindConverter.class,
      description =
          "sleep: the thread sleeps (waiting on I/O); cpu: a busy loop for that long"
              + " (default: ${DEFAULT-VALUE}).")
  Work.Kind workKind;

  @Option(
      names = "--chain-to",
      paramLabel = "HOST:PORT,...",
      split = ",",
      description =
          "Gateway mode: answer each call by calling these servers of the same protocol in"
              + " parallel, through its own client, and combining their replies.")
  List<String> chainTo = new ArrayList<>();

  @Option(
      names = "--chain-protocol",
      paramLabel = "ID",
      description =
          "The catalog id whose client the gateway uses (default: this server's id; a jar that"
              + " does not hold that client falls back to its own).")
  String chainProtocol;

  @Option(
      names = "--chain-timeout",
      paramLabel = "DURATION",
      defaultValue = "5s",
      converter = LimitConverters.DurationConverter.class,
      description =
          "How long the gateway waits for its services; then the call fails as unavailable"
              + " (default: ${DEFAULT-VALUE}).")
  Duration chainTimeout;

  @Option(
      names = "--chain-threads",
      paramLabel = "N",
      defaultValue = "64",
      description =
          "Threads that make the gateway's calls for clients without an asynchronous API; also"
              + " the thread count its clients are built for (default: ${DEFAULT-VALUE}).")
  int chainThreads;

  @Option(
      names = "--message",
      paramLabel = "FILE.proto:Name",
      description =
          "Also carry this message (docs/messages.md): the protocol's message carrier decodes each"
              + " one with the schema and re-encodes its reply; a protocol without one ignores it.")
  String message;

  /** Whether any option asks for more than plain logic. */
  boolean asksForMore() {
    return !work.isZero() || !chainTo.isEmpty();
  }

  /** Checks what picocli cannot; the message for a usage error, else null. */
  String usageError() {
    if (work.isNegative()) {
      return "--work must not be negative";
    }
    if (chainTimeout.isZero() || chainTimeout.isNegative()) {
      return "--chain-timeout must be positive";
    }
    if (chainThreads < 1) {
      return "--chain-threads must be at least 1";
    }
    for (String target : chainTo) {
      try {
        address(target);
      } catch (IllegalArgumentException e) {
        return "--chain-to: " + e.getMessage();
      }
    }
    return null;
  }

  /**
   * The service to serve: plain logic, with work, or a gateway whose clients are opened here.
   *
   * @param serverId the server's id, the default {@code --chain-protocol}
   * @param err where the gateway says which client it uses
   * @throws ServerStarter.RefusedService when no client of that protocol is in this jar
   * @throws RuntimeException when a client cannot be opened
   */
  BenchService build(String serverId, PrintWriter err) {
    BenchService service = chainTo.isEmpty() ? new BenchLogic() : gateway(serverId, err);
    Work perCall = new Work(work, workKind);
    BenchService served = perCall.isNone() ? service : new WorkingService(perCall, service);
    return message == null ? served : new MessageShapedService(message, served);
  }

  private ChainGateway gateway(String serverId, PrintWriter err) {
    ProtocolProvider provider =
        provider(chainProtocol != null ? chainProtocol : serverId, serverId);
    if (chainProtocol != null && !provider.id().equals(chainProtocol)) {
      err.println(
          serverId
              + ": no client for "
              + chainProtocol
              + " in this jar; the gateway uses "
              + provider.id()
              + "'s");
    }
    Duration connect = chainTimeout.compareTo(MAX_CONNECT) < 0 ? chainTimeout : MAX_CONNECT;
    ExecutorService executor = executor(serverId);
    List<ChainGateway.Downstream> services = new ArrayList<>();
    try {
      for (String target : chainTo) {
        InetSocketAddress address = address(target);
        ClientOptions options =
            new ClientOptions(
                address.getHostString(), address.getPort(), chainTimeout, connect, chainThreads);
        services.add(new ChainGateway.Downstream(target, open(provider, options)));
      }
    } catch (RuntimeException e) {
      executor.shutdownNow();
      services.forEach(s -> s.client().close());
      throw e;
    }
    return new ChainGateway(services, chainTimeout, executor);
  }

  /**
   * The provider's client; a jar that leaves the client's libraries out (OpenFeign's server jar
   * holds no Feign) cannot be a gateway: refused as bad usage, with the reason.
   */
  private static BenchClient open(ProtocolProvider provider, ClientOptions options) {
    try {
      return provider.open(options);
    } catch (LinkageError e) {
      throw new ServerStarter.RefusedService(
          "this jar cannot be a chain gateway: it lacks "
              + provider.id()
              + "'s client libraries ("
              + e
              + ")");
    }
  }

  /** The provider with that id among the jar's, else the server's own. */
  static ProtocolProvider provider(String id, String serverId) {
    List<ProtocolProvider> providers = new ArrayList<>();
    ServiceLoader.load(ProtocolProvider.class).forEach(providers::add);
    for (String wanted : List.of(id, serverId)) {
      for (ProtocolProvider provider : providers) {
        if (provider.id().equals(wanted)) {
          return provider;
        }
      }
    }
    throw new ServerStarter.RefusedService(
        "--chain-protocol: no client for "
            + id
            + " in this jar; it has: "
            + (providers.isEmpty()
                ? "none"
                : providers.stream().map(ProtocolProvider::id).collect(Collectors.joining(", "))));
  }

  /**
   * At most {@code --chain-threads} threads, a queue of 16 calls per thread; beyond that a call
   * fails at once as unavailable instead of queueing without bound. Threads never time out: a
   * client with a connection per calling thread keeps one per thread, and a new thread would open
   * another.
   */
  private ExecutorService executor(String serverId) {
    AtomicInteger number = new AtomicInteger();
    ThreadPoolExecutor executor =
        new ThreadPoolExecutor(
            chainThreads,
            chainThreads,
            60,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(16 * chainThreads),
            task -> {
              Thread thread = new Thread(task, serverId + "-chain-" + number.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
    return executor;
  }

  /** {@code host:port} or {@code [v6]:port}, unresolved. */
  static InetSocketAddress address(String target) {
    int colon = target.lastIndexOf(':');
    if (colon <= 0 || colon == target.length() - 1) {
      throw new IllegalArgumentException("expected HOST:PORT, got '" + target + "'");
    }
    String host = target.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = Integer.parseInt(target.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad port in '" + target + "'");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port must be 1..65535 in '" + target + "'");
    }
    return InetSocketAddress.createUnresolved(host, port);
  }

  /** {@code sleep} or {@code cpu}. */
  static final class WorkKindConverter implements picocli.CommandLine.ITypeConverter<Work.Kind> {
    @Override
    public Work.Kind convert(String value) {
      for (Work.Kind kind : Work.Kind.values()) {
        if (kind.option().equals(value)) {
          return kind;
        }
      }
      throw new TypeConversionException("expected sleep or cpu, got '" + value + "'");
    }
  }
}
