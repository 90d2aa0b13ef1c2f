package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.ExitCode;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.serverkit.ServerTls;
import java.util.function.IntConsumer;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * {@code java -jar resp-server.jar [--bind ADDR] [--port 8094] [--backend netty|redis-server]}: our
 * Redis-protocol server, or, with {@code --backend redis-server}, a real redis-server started as
 * this JVM's child on the same {@code --bind}/{@code --port} (ready line {@code resp-redis
 * listening on ADDR:PORT} once it answers PING; SIGTERM stops both; if redis-server dies, the jar
 * exits 1, or 0 if it was shut down cleanly).
 */
public final class RespServerMain {
  static final String BACKEND_OPTION = "--backend";
  static final String MAX_MEMORY_OPTION = "--redis-maxmemory";

  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          "resp",
          RespVariant.PORT,
          "Serves the benchmark calls as Redis commands (BENCH.HELLO, BENCH.ECHO, BENCH.PUT,"
              + " BENCH.ITEMS) over RESP2 on Netty's netty-codec-redis, until SIGTERM.",
          "With --backend redis-server: starts a real redis-server (on the PATH) on the same"
              + " address and port instead, the reference point.",
          "Example: java -jar protocols/resp/target/resp-server.jar --port 8094");

  static final ServerDefinition REDIS_DEFINITION =
      ServerDefinition.of(
          "resp-redis",
          RespVariant.REDIS_PORT,
          "Starts a real redis-server (on the PATH) as this JVM's child on --bind/--port, for the"
              + " resp-redis reference variants; prints the ready line once it answers PING,"
              + " stops it on SIGTERM.",
          "Example: java -jar protocols/resp/target/resp-server.jar --backend redis-server"
              + " --port 8095");

  private RespServerMain() {}

  /** The server's own option. */
  static final class Options {
    @Option(
        names = BACKEND_OPTION,
        paramLabel = "NAME",
        defaultValue = "netty",
        converter = BackendConverter.class,
        description =
            "netty (default): our server; redis-server: a real redis-server as a child process.")
    Backend backend = Backend.NETTY;

    @Option(
        names = MAX_MEMORY_OPTION,
        paramLabel = "SIZE",
        description =
            "--backend redis-server only: redis-server's maxmemory, in its units (default "
                + RedisConfig.DEFAULT_MAX_MEMORY
                + "; 0: no bound), with maxmemory-policy noeviction: a SET past it is refused"
                + " (-OOM), no key is evicted.")
    String maxMemory;
  }

  /** {@code netty} or {@code redis-server}. */
  static final class BackendConverter implements ITypeConverter<Backend> {
    @Override
    public Backend convert(String value) {
      return Backend.fromOption(value);
    }
  }

  public static void main(String[] args) {
    Options options = new Options();
    ServerDefinition definition =
        backendNamedIn(args) == Backend.REDIS_SERVER ? REDIS_DEFINITION : DEFINITION;
    ServerMain.run(definition, starter(options, definition), args, options);
  }

  /** How {@code main} starts the backend that picocli parsed into {@code options}. */
  static ServerStarter starter(Options options, ServerDefinition definition) {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            start(
                options.backend,
                bind,
                port,
                limits,
                service,
                tls,
                options.maxMemory,
                code -> exitWithChild(definition, code)));
  }

  /**
   * Starts the backend's server; {@code onChildExit} is for redis-server dying on its own. The
   * kit's limits apply to both: our server through Netty, a real redis-server as its own settings
   * ({@link RedisConfig}: {@code maxclients}, {@code timeout}, {@code client-query-buffer-limit},
   * {@code maxmemory-clients}).
   */
  static RunningServer start(
      Backend backend, String bind, int port, ServerLimits limits, IntConsumer onChildExit)
      throws Exception {
    return start(backend, bind, port, limits, new BenchLogic(), onChildExit);
  }

  /**
   * As above, serving the server kit's service. redis-server runs its own logic (built-in commands
   * and Lua scripts), so it cannot do work or be a chain gateway: refused as bad usage.
   */
  static RunningServer start(
      Backend backend,
      String bind,
      int port,
      ServerLimits limits,
      BenchService service,
      IntConsumer onChildExit)
      throws Exception {
    return start(backend, bind, port, limits, service, null, onChildExit);
  }

  /**
   * As above, serving TLS only when {@code tls} is given: our server through Netty's SslHandler, a
   * real redis-server on its own {@code tls-port} (OpenSSL; {@code port 0}: no plaintext port).
   */
  static RunningServer start(
      Backend backend,
      String bind,
      int port,
      ServerLimits limits,
      BenchService service,
      ServerTls tls,
      IntConsumer onChildExit)
      throws Exception {
    return start(backend, bind, port, limits, service, tls, null, onChildExit);
  }

  /** As above; {@code maxMemory}: redis-server's {@code maxmemory} (null: the default). */
  static RunningServer start(
      Backend backend,
      String bind,
      int port,
      ServerLimits limits,
      BenchService service,
      ServerTls tls,
      String maxMemory,
      IntConsumer onChildExit)
      throws Exception {
    if (backend == Backend.NETTY) {
      if (maxMemory != null) {
        throw new ServerStarter.RefusedService(
            MAX_MEMORY_OPTION + " is redis-server's maxmemory: it needs --backend redis-server");
      }
      return RespServer.start(bind, port, limits, service, tls);
    }
    if (!(service instanceof BenchLogic)) {
      throw new ServerStarter.RefusedService(
          "--backend redis-server runs its own logic (redis-server's commands and Lua scripts):"
              + " --work and --chain-to need our server (--backend netty)");
    }
    RedisConfig config =
        new RedisConfig(
            limits, tls, maxMemory == null ? RedisConfig.DEFAULT_MAX_MEMORY : maxMemory);
    return RedisServerChild.start(bind, port, config, onChildExit);
  }

  /**
   * The definition (ready line id, default port) must be chosen before picocli parses: a look at
   * the arguments, which picocli then checks properly.
   */
  static Backend backendNamedIn(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String value = null;
      if (args[i].equals(BACKEND_OPTION) && i + 1 < args.length) {
        value = args[i + 1];
      } else if (args[i].startsWith(BACKEND_OPTION + "=")) {
        value = args[i].substring(BACKEND_OPTION.length() + 1);
      }
      if (value != null) {
        try {
          return Backend.fromOption(value);
        } catch (IllegalArgumentException e) {
          return Backend.NETTY; // picocli reports it
        }
      }
    }
    return Backend.NETTY;
  }

  /**
   * redis-server exited by itself: a clean exit (SHUTDOWN, or the SIGTERM a script sends to the
   * whole process group) stops the jar with OK, a crash or a kill with FAILED. From a fresh thread:
   * the shutdown hooks that System.exit runs wait for the child's reaper, which called us.
   */
  private static void exitWithChild(ServerDefinition definition, int code) {
    Thread exit =
        new Thread(
            () -> {
              System.err.println(
                  definition.id()
                      + ": "
                      + RedisServerChild.EXECUTABLE
                      + " exited with code "
                      + code
                      + (code == 0 ? "; stopping" : "; exiting with " + ExitCode.FAILED.code()));
              System.exit(code == 0 ? ExitCode.OK.code() : ExitCode.FAILED.code());
            },
            "redis-server-exited");
    exit.start();
  }
}
