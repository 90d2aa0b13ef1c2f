package io.rpcxbench.protocols.grpcstream;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;
import picocli.CommandLine.Option;

/** {@code java -jar grpc-stream-server.jar [--bind ADDR] [--port 8085] [--direct-executor]}. */
public final class GrpcStreamServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          GrpcStreamProtocol.ID,
          GrpcStreamProtocol.PORT,
          "Serves the benchmark calls over one bidirectional gRPC stream per connection"
              + " (rpcxbench.grpcstream.BenchStream/Calls) until SIGTERM.",
          "Example: java -jar protocols/grpc-stream/target/grpc-stream-server.jar --port 8085");

  private GrpcStreamServerMain() {}

  public static void main(String[] args) {
    Options options = new Options();
    ServerMain.run(DEFINITION, starter(options), args, options);
  }

  /** How {@code main} starts the server that picocli parsed into {@code options}. */
  static ServerStarter starter(Options options) {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            GrpcStreamServer.start(bind, port, options.directExecutor, limits, service, tls));
  }

  /** The server's own option, as server-grpc has it. */
  static final class Options {
    @Option(
        names = "--direct-executor",
        description =
            "Run the stream handlers on the transport threads"
                + " (ServerBuilder.directExecutor()). Default: gRPC's default executor.")
    boolean directExecutor;
  }
}
