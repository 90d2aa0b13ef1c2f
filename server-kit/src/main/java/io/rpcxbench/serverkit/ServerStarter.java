package io.rpcxbench.serverkit;

import java.util.List;

/** Starts one protocol's server; the kit does everything around it. */
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
}
