package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchContract;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.springframework.boot.web.server.PortInUseException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code java -jar server-openfeign.jar [--bind ADDR] [--port 8083] [--name.of.spring.property=V]}:
 * serves {@code POST /hello} and {@code POST /echo} until SIGTERM. Prints
 * {@code openfeign listening on ADDR:PORT} on stdout once ready; logs go to stderr. Exit codes:
 * 0 stopped on SIGTERM/SIGINT or --help, 1 could not start, 2 bad usage.
 */
@Command(
    name = "server-openfeign",
    mixinStandardHelpOptions = true,
    version = "server-openfeign 0.1.0",
    description = {
      "Serves POST /hello and POST /echo (JSON over HTTP/1.1, Spring Boot on Tomcat) until SIGTERM.",
      "Other arguments of the form --spring.property=value go to Spring Boot."
    },
    footer = {"", "Example:", "  java -jar server-openfeign/target/server-openfeign.jar --port 8083"})
public final class OpenFeignServerCommand implements Callable<Integer> {
  private static final Pattern SPRING_ARG = Pattern.compile("--[A-Za-z0-9][^=]*=.*");
  private static final String LOGBACK_STDERR = "classpath:io/rpcxbench/server/openfeign/logback-stderr.xml";

  @Spec CommandSpec spec;

  @Option(
      names = "--bind",
      paramLabel = "ADDR",
      description = "Address to listen on (server.address; default: 0.0.0.0).")
  String bind;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "TCP port, 0 for a random one (server.port; default: " + BenchContract.OPENFEIGN_PORT + ").")
  Integer port;

  @Unmatched List<String> springArgs = new ArrayList<>();

  public static void main(String[] args) {
    int exit = new CommandLine(new OpenFeignServerCommand()).execute(args);
    if (exit != 0) {
      System.exit(exit);
    }
    // Started: Tomcat's non-daemon threads keep the JVM up until SIGTERM.
  }

  @Override
  public Integer call() {
    List<String> args = springArguments();
    OpenFeignBenchServer server;
    try {
      server = OpenFeignBenchServer.start(args, Map.of("logging.config", LOGBACK_STDERR));
    } catch (RuntimeException e) {
      spec.commandLine().getErr().println("server-openfeign: " + startFailure(e));
      return 1;
    }
    StopOnSignal.install();
    PrintWriter out = spec.commandLine().getOut();
    out.println("openfeign listening on " + hostPort(server.bindAddress(), server.port()));
    out.flush();
    return 0;
  }

  private List<String> springArguments() {
    List<String> args = new ArrayList<>();
    for (String arg : springArgs) {
      if (!SPRING_ARG.matcher(arg).matches()) {
        throw new ParameterException(
            spec.commandLine(), "unknown argument " + arg + " (Spring properties go as --name=value)");
      }
      args.add(arg);
    }
    if (port != null) {
      if (port < 0 || port > 65535) {
        throw new ParameterException(spec.commandLine(), "--port must be 0..65535, got " + port);
      }
      args.add("--server.port=" + port);
    }
    if (bind != null) {
      try {
        InetAddress.getByName(bind);
      } catch (UnknownHostException e) {
        throw new ParameterException(spec.commandLine(), "--bind: unknown host " + bind);
      }
      args.add("--server.address=" + bind);
    }
    return args;
  }

  private String startFailure(RuntimeException e) {
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof PortInUseException inUse) {
        String host = bind != null ? bind : OpenFeignBenchServer.DEFAULT_BIND;
        return "cannot listen on " + hostPort(host, inUse.getPort()) + ": address already in use";
      }
    }
    return "cannot start: " + e.getMessage();
  }

  static String hostPort(String host, int port) {
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }
}
