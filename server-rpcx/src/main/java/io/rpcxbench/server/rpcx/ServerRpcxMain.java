package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.rpcx.Transport;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code java -jar server-rpcx.jar [--bind ADDR] [--port 8081]}: host B's RPCX server. */
@Command(
    name = "server-rpcx",
    mixinStandardHelpOptions = true,
    version = "server-rpcx 0.1.0",
    description = "Serves the benchmark service over RPCX until SIGTERM.",
    footer = {"", "Example:", "  java -jar server-rpcx/target/server-rpcx.jar --bind 0.0.0.0 --port 8081"})
public final class ServerRpcxMain implements Callable<Integer> {
  @Option(names = "--bind", defaultValue = "0.0.0.0", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
  String bind;

  @Option(names = "--port", defaultValue = "" + BenchContract.RPCX_PORT, description = "Port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(names = "--transport", defaultValue = "NIO", description = "NIO or EPOLL (default: ${DEFAULT-VALUE}).")
  Transport transport;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private final CountDownLatch stopped = new CountDownLatch(1);

  public static void main(String[] args) {
    System.exit(new CommandLine(new ServerRpcxMain()).execute(args));
  }

  @Override
  public Integer call() throws InterruptedException {
    if (port < 0 || port > 65535) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--port must be in 0..65535, got " + port);
    }
    RpcxBenchServer server;
    try {
      server = RpcxBenchServer.start(bind, port, transport);
    } catch (IllegalStateException e) {
      System.err.println("server-rpcx: " + e.getMessage());
      return 1;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      System.err.println("server-rpcx: stopped");
      stopped.countDown();
    }, "rpcx-shutdown"));
    CleanExitOnSignal.install();
    System.out.println("rpcx listening on " + bind + ":" + server.port());
    System.out.flush();
    stopped.await();
    return 0;
  }
}
