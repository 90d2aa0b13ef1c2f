package io.rpcxbench.server.grpc;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.serverkit.ServerTls;
import picocli.CommandLine.Option;

/**
 * {@code java -jar server-grpc.jar [--bind ADDR] [--port 8082] [--direct-executor]}: serves the
 * benchmark service over gRPC until SIGTERM (the server kit's command line).
 */
public final class GrpcServerCommand {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          GrpcProtocol.ID,
          GrpcProtocol.PORT,
          "Serves the benchmark service (rpcxbench.Bench) over gRPC until SIGTERM.",
          "Example: java -jar server-grpc/target/server-grpc.jar --port 8082 --direct-executor");

  private GrpcServerCommand() {}

  public static void main(String[] args) {
    Options options = new Options();
    ServerMain.run(DEFINITION, starter(options), args, options);
  }

  /** How main starts the server: the kit's limits, service and TLS. */
  static ServerStarter starter(Options options) {
    return ServerStarter.secured(options::start);
  }

  /** gRPC's own server option. */
  static final class Options {
    @Option(
        names = "--direct-executor",
        description =
            "Run handlers on the transport threads (ServerBuilder.directExecutor(),"
                + " gRPC's documented tuning for non-blocking handlers). Default: gRPC's default"
                + " executor.")
    boolean directExecutor;

    GrpcBenchServer start(
        String bind,
        int port,
        java.util.List<String> extra,
        ServerLimits limits,
        BenchService service) {
      return GrpcBenchServer.start(bind, port, directExecutor, limits, service);
    }

    GrpcBenchServer start(
        String bind,
        int port,
        java.util.List<String> extra,
        ServerLimits limits,
        BenchService service,
        ServerTls tls) {
      return GrpcBenchServer.start(bind, port, directExecutor, limits, service, tls);
    }
  }
}
