package io.rpcxbench.server.grpc;

import io.rpcxbench.api.BenchContract;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar server-grpc.jar [--bind ADDR] [--port 8082] [--direct-executor]}: serves the
 * benchmark service over gRPC until SIGTERM. Prints {@code grpc listening on ADDR:PORT} on stdout
 * once ready; logs go to stderr. Exit codes: 0 stopped on SIGTERM/SIGINT or --help, 1 could not
 * listen, 2 bad usage.
 */
@Command(
    name = "server-grpc",
    mixinStandardHelpOptions = true,
    version = "server-grpc 0.1.0",
    description = "Serves the benchmark service (rpcxbench.Bench) over gRPC until SIGTERM.",
    footer = {"", "Example:", "  java -jar server-grpc/target/server-grpc.jar --port 8082 --direct-executor"})
public final class GrpcServerCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--bind",
      paramLabel = "ADDR",
      description = "Address to listen on (default: ${DEFAULT-VALUE}).")
  String bind = "0.0.0.0";

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "TCP port, 0 for an ephemeral one (default: ${DEFAULT-VALUE}).")
  int port = BenchContract.GRPC_PORT;

  @Option(
      names = "--direct-executor",
      description =
          "Run handlers on the transport threads (ServerBuilder.directExecutor(), gRPC's"
              + " documented tuning for non-blocking handlers). Default: gRPC's default executor.")
  boolean directExecutor;

  public static void main(String[] args) {
    System.exit(new CommandLine(new GrpcServerCommand()).execute(args));
  }

  @Override
  public Integer call() throws InterruptedException {
    validate();
    GrpcBenchServer server;
    try {
      server = GrpcBenchServer.start(bind, port, directExecutor);
    } catch (UncheckedIOException e) {
      spec.commandLine().getErr().println("server-grpc: " + e.getMessage());
      return 1;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "grpc-server-shutdown"));
    StopOnSignal.install();
    PrintWriter out = spec.commandLine().getOut();
    out.println("grpc listening on " + GrpcBenchServer.hostPort(bind, server.port()));
    out.flush();
    server.awaitTermination();
    return 0;
  }

  private void validate() {
    if (port < 0 || port > 65535) {
      throw new ParameterException(spec.commandLine(), "--port must be 0..65535, got " + port);
    }
    try {
      InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      throw new ParameterException(spec.commandLine(), "--bind: unknown host " + bind);
    }
  }
}
