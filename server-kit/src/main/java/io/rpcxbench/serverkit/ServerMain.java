package io.rpcxbench.serverkit;

import io.rpcxbench.api.ExitCode;
import java.io.PrintWriter;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * The one entry point of every benchmark server.
 *
 * <pre>{@code
 * public static void main(String[] args) {
 *   GrpcOptions options = new GrpcOptions();            // @Option fields of its own, or none
 *   ServerMain.run(
 *       ServerDefinition.of("grpc", 8082, "Serves the benchmark service over gRPC."),
 *       (bind, port, extra) -> GrpcBenchServer.start(bind, port, options.directExecutor),
 *       args, options);
 * }
 * }</pre>
 *
 * <p>Exit codes ({@link ExitCode}): OK stopped by SIGTERM/SIGINT (graceful), or {@code
 * --help}/{@code --version}; FAILED could not listen or start; USAGE bad usage; SERVER_DIED a
 * thread died of an {@link OutOfMemoryError} (or another {@link VirtualMachineError}) that nothing
 * caught: the process ends, so that no port stays open on a server that can no longer serve it, and
 * a supervisor sees the exit. An {@link OutOfMemoryError} for direct memory ends only the work of
 * its thread (a call, a connection), with one rate-limited line ({@link FatalErrors}).
 */
public final class ServerMain {
  private static final RateLimitedLog warnings =
      new RateLimitedLog(LoggerFactory.getLogger(ServerMain.class));

  private ServerMain() {}

  /** Parses, starts, prints the ready line, serves until SIGTERM; then exits the JVM. */
  public static void run(
      ServerDefinition definition, ServerStarter starter, String[] args, Object... ownOptions) {
    Thread.setDefaultUncaughtExceptionHandler(ServerMain::uncaught);
    LibraryLogLines.routeNetty(); // before any Netty class makes its logger
    RunnerWatch.startIfAsked(definition.id()); // from the start: a runner may go while it starts
    ServerCommand command = new ServerCommand(definition, starter, true);
    System.exit(commandLine(command, ownOptions).execute(args));
  }

  private static void uncaught(Thread thread, Throwable e) {
    if (FatalErrors.isDirectMemory(e)) {
      // the call or connection it served has failed; the server goes on (issue 59)
      warnings.warn(
          "direct-memory",
          "thread {} failed its work: {}; the server goes on (direct memory comes back as"
              + " connections are closed)",
          thread.getName(),
          e.toString());
      return;
    }
    if (FatalErrors.endsProcess(e)) {
      // halt, not exit: shutdown hooks could need the memory that is gone
      System.err.println(
          "thread "
              + thread.getName()
              + " died of "
              + e
              + ": exiting ("
              + ExitCode.SERVER_DIED.code()
              + ")");
      Runtime.getRuntime().halt(ExitCode.SERVER_DIED.code());
    }
    System.err.println("thread " + thread.getName() + " died of " + e);
  }

  /**
   * The command line as {@link #run} builds it, for tests: with {@code waitForSignal} false, {@code
   * execute} returns right after the ready line and leaves the server to {@link
   * ServerCommand#stop()}.
   */
  public static CommandLine commandLine(ServerCommand command, Object... ownOptions) {
    CommandLine cl = new CommandLine(command);
    cl.setCommandName(command.definition().id() + "-server");
    cl.getCommandSpec()
        .usageMessage()
        .description(command.definition().description().toArray(String[]::new));
    for (int i = 0; i < ownOptions.length; i++) {
      cl.addMixin("own" + i, ownOptions[i]);
    }
    cl.setParameterExceptionHandler(
        (e, args) -> {
          PrintWriter err = e.getCommandLine().getErr();
          err.println(command.definition().id() + ": error: " + e.getMessage());
          err.println("try --help");
          err.flush();
          return ExitCode.USAGE.code();
        });
    return cl;
  }
}
