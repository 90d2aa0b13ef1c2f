package io.rpcxbench.serverkit;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
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
 *
 * <p>A server that serves the benchmark calls takes the {@link BenchService} the kit builds from
 * {@code --work} and {@code --chain-to} (plain {@code BenchLogic} without them), made with {@link
 * #serving}; a server made otherwise runs its own logic and the kit refuses those options for it:
 *
 * <pre>{@code
 * ServerMain.run(DEFINITION,
 *     ServerStarter.serving((bind, port, extra, limits, service) ->
 *         MyServer.start(bind, port, limits, service)),
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

  /**
   * Starts listening with the kit's limits and the service to serve; what the kit calls. The
   * default ignores the service: only a starter made with {@link #serving} ({@link
   * #takesService()}) is given anything but plain logic.
   */
  default RunningServer start(
      String bind, int port, List<String> passThrough, ServerLimits limits, BenchService service)
      throws Exception {
    return start(bind, port, passThrough, limits);
  }

  /**
   * Starts listening with the kit's limits, the service to serve and the TLS asked for; what the
   * kit calls. The default ignores TLS: the kit gives a non-null {@code tls} only to a starter made
   * with {@link #secured} ({@link #takesTls()}) and refuses the TLS options for any other.
   *
   * @param tls the server's TLS ({@code --tls-cert}, {@code --tls-key}, {@code --tls-client-ca});
   *     null: plaintext
   */
  default RunningServer start(
      String bind,
      int port,
      List<String> passThrough,
      ServerLimits limits,
      BenchService service,
      ServerTls tls)
      throws Exception {
    return start(bind, port, passThrough, limits, service);
  }

  /** Whether the server serves TLS when asked ({@link #secured}). */
  default boolean takesTls() {
    return false;
  }

  /** Whether the server serves the {@link BenchService} it is given ({@link #serving}). */
  default boolean takesService() {
    return false;
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

  /** A starter that receives the kit's limits and the service to serve. */
  @FunctionalInterface
  interface Serving {
    /**
     * As {@link ServerStarter#start(String, int, List)}, with the parsed limits and the service.
     *
     * @throws RefusedService when this server cannot serve that service (e.g. an external product
     *     runs the logic); the kit reports it as bad usage
     */
    RunningServer start(
        String bind, int port, List<String> passThrough, ServerLimits limits, BenchService service)
        throws Exception;
  }

  /** A {@link ServerStarter} that hands the kit's limits and service on (no TLS). */
  static ServerStarter serving(Serving starter) {
    return handingOn(
        (bind, port, passThrough, limits, service, tls) ->
            starter.start(bind, port, passThrough, limits, service),
        false);
  }

  /** A starter that receives the kit's limits, the service to serve and the TLS asked for. */
  @FunctionalInterface
  interface Secured {
    /**
     * As {@link Serving#start}, with the server's TLS.
     *
     * @param tls null: plaintext; else serve TLS only, through the stack's own TLS
     */
    RunningServer start(
        String bind,
        int port,
        List<String> passThrough,
        ServerLimits limits,
        BenchService service,
        ServerTls tls)
        throws Exception;
  }

  /**
   * A {@link ServerStarter} that hands the kit's limits, service and TLS on: a server that serves
   * the kit's {@code --tls-cert}/{@code --tls-key}/{@code --tls-client-ca}.
   */
  static ServerStarter secured(Secured starter) {
    return handingOn(starter, true);
  }

  /** Limits, service and (when {@code takesTls}) TLS handed on to {@code starter}. */
  private static ServerStarter handingOn(Secured starter, boolean takesTls) {
    return new ServerStarter() {
      @Override
      public RunningServer start(String bind, int port, List<String> passThrough) throws Exception {
        return start(bind, port, passThrough, ServerLimits.defaults());
      }

      @Override
      public RunningServer start(
          String bind, int port, List<String> passThrough, ServerLimits limits) throws Exception {
        return start(bind, port, passThrough, limits, new BenchLogic());
      }

      @Override
      public RunningServer start(
          String bind,
          int port,
          List<String> passThrough,
          ServerLimits limits,
          BenchService service)
          throws Exception {
        return starter.start(bind, port, passThrough, limits, service, null);
      }

      @Override
      public RunningServer start(
          String bind,
          int port,
          List<String> passThrough,
          ServerLimits limits,
          BenchService service,
          ServerTls tls)
          throws Exception {
        return starter.start(bind, port, passThrough, limits, service, tls);
      }

      @Override
      public boolean takesService() {
        return true;
      }

      @Override
      public boolean takesTls() {
        return takesTls;
      }
    };
  }

  /**
   * A server cannot serve the service asked for (e.g. {@code --chain-to} where an external product
   * runs the logic): one line on stderr and exit 2.
   */
  final class RefusedService extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RefusedService(String message) {
      super(message);
    }
  }
}
