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
    ServerMain.run(
        DEFINITION,
        ServerStarter.serving(
            (bind, port, extra, limits, service) ->
                RpcxBenchServer.start(bind, port, options.transport, limits, service)),
        args,
        options);
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
