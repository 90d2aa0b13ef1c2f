package io.rpcxbench.server.rpcx;

import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;
import picocli.CommandLine.Option;

/** {@code java -jar server-rpcx.jar [--bind ADDR] [--port 8081] [--transport NIO|EPOLL]}. */
public final class ServerRpcxMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          RpcxProtocol.ID,
          RpcxProtocol.PORT,
          "Serves the benchmark service over RPCX until SIGTERM.",
          "Example: java -jar server-rpcx/target/server-rpcx.jar --port 8081");

  private ServerRpcxMain() {}

  public static void main(String[] args) {
    Options options = new Options();
    ServerMain.run(DEFINITION, starter(options), args, options);
  }

  /** How main starts the server: the kit's limits, service and TLS. */
  static ServerStarter starter(Options options) {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            RpcxBenchServer.start(bind, port, options.transport, limits, service, tls));
  }

  /** RPCX's own server option. */
  static final class Options {
    @Option(
        names = "--transport",
        defaultValue = "NIO",
        description = "NIO or EPOLL (default: ${DEFAULT-VALUE}).")
    Transport transport;
  }
}
