package io.rpcxbench.serverkit;

import java.util.List;

/**
 * Starts one protocol's server; the kit does everything around it. A server that honours the kit's
 * limits ({@code --idle-timeout}, {@code --max-connections}, ...) is written with {@link #limited}:
 *
 * <pre>{@code
 * ServerMain.run(DEFINITION,
 *     ServerStarter.limited((bind, port, extra, limits) -> MyServer.start(bind, port, limits)),
 *     args);
 * }</pre>
 */
@FunctionalInterface
public interface ServerStarter {
  /**
   * Starts listening and returns once the server can answer calls.
   *
   * @param bind the address to listen on, already resolved once by the kit
   * @param port the port, 0 for one the OS chooses
   * @param passThrough arguments the definition lets through (e.g. Spring properties), else empty
   * @throws Exception anything; a {@link java.net.BindException} in the cause chain is reported as
   *     a busy address
   */
  RunningServer start(String bind, int port, List<String> passThrough) throws Exception;

  /**
   * Starts listening with the kit's limits; what the kit calls. The default ignores them: a starter
   * made with {@link #limited} uses them.
   */
  default RunningServer start(String bind, int port, List<String> passThrough, ServerLimits limits)
      throws Exception {
    return start(bind, port, passThrough);
  }

  /** A starter that receives the kit's limits. */
  @FunctionalInterface
  interface Limited {
    /** As {@link ServerStarter#start(String, int, List)}, with the parsed limits. */
    RunningServer start(String bind, int port, List<String> passThrough, ServerLimits limits)
        throws Exception;
  }

  /** A {@link ServerStarter} that hands the kit's limits on; without them, the defaults. */
  static ServerStarter limited(Limited starter) {
    return new ServerStarter() {
      @Override
      public RunningServer start(String bind, int port, List<String> passThrough) throws Exception {
        return starter.start(bind, port, passThrough, ServerLimits.defaults());
      }

      @Override
      public RunningServer start(
          String bind, int port, List<String> passThrough, ServerLimits limits) throws Exception {
        return starter.start(bind, port, passThrough, limits);
      }
    };
  }
}
