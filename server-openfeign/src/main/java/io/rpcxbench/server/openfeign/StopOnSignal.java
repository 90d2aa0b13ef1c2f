package io.rpcxbench.server.openfeign;

import sun.misc.Signal;

/**
 * Turns SIGTERM/SIGINT into {@code System.exit(0)}: Spring Boot's shutdown hook still closes the
 * context gracefully, and the process reports a clean stop (the JVM's own handler would exit
 * 143/130).
 */
final class StopOnSignal {
  private StopOnSignal() {}

  static void install() {
    for (String name : new String[] {"TERM", "INT"}) {
      Signal.handle(new Signal(name), signal -> System.exit(0));
    }
  }
}
