package io.rpcxbench.bench.bare;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/**
 * {@code java -cp bench/target/benchmarks.jar io.rpcxbench.bench.bare.BareServerMain [--bind
 * ADDR] [--port P]}: the bare Netty baseline's server, until SIGTERM/SIGINT (exit 0).
 */
@Command(
    name = "bare-server",
    mixinStandardHelpOptions = true,
    version = "bare-server 0.1.0",
    description = {
      "The bare Netty request/response baseline (a benchmark floor, not a product protocol):",
      "varint32 frames [id][name] -> [id][\"hello, \" + name], answered on the event loop."
    },
    footer = {"", "Example:",
      "  java -cp bench/target/benchmarks.jar io.rpcxbench.bench.bare.BareServerMain --port 8090"})
public final class BareServerMain implements Callable<Integer> {
  /** Default port of the baseline: next to RPCX's 8081-8083, never one of them. */
  public static final int DEFAULT_PORT = 8090;

  @Option(names = "--bind", defaultValue = "0.0.0.0",
      description = "Address to listen on (default: ${DEFAULT-VALUE}).")
  String bind;

  @Option(names = "--port", defaultValue = "" + DEFAULT_PORT,
      description = "Port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
  int port;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private final CountDownLatch stopped = new CountDownLatch(1);

  public static void main(String[] args) {
    // The jar carries slf4j-simple unregistered (see bench/pom.xml); Netty logs nothing here.
    System.setProperty("slf4j.provider", "org.slf4j.simple.SimpleServiceProvider");
    System.exit(new CommandLine(new BareServerMain()).execute(args));
  }

  @Override
  public Integer call() throws InterruptedException {
    if (port < 0 || port > 65535) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--port must be in 0..65535, got " + port);
    }
    BareServer server;
    try {
      server = BareServer.start(bind, port);
    } catch (IllegalStateException e) {
      System.err.println("bare-server: " + e.getMessage());
      return 1;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      System.err.println("bare-server: stopped");
      stopped.countDown();
    }, "bare-shutdown"));
    for (String name : new String[] {"TERM", "INT"}) {
      Signal.handle(new Signal(name), signal -> System.exit(0));
    }
    System.out.println("bare listening on " + bind + ":" + server.port());
    System.out.flush();
    stopped.await();
    return 0;
  }
}
