package io.rpcxbench.serverkit;

import java.util.Locale;

/**
 * Which errors that reach a thread's uncaught handler end the server ({@link ServerMain}): a {@link
 * VirtualMachineError} does (the heap is gone, a stack overflowed: nothing can be trusted to go
 * on), except an {@link OutOfMemoryError} for direct buffer memory (issue 59: a gRPC call's thread
 * could not reserve 2 MiB of direct memory under an attack and the process exited). That one fails
 * only what was being done: the call's stream is already reset by grpc-java, a Netty connection
 * closed by its pipeline, and direct memory comes back as soon as the attacker's connections are
 * closed by the kit's limits, while the heap is untouched.
 *
 * <pre>{@code
 * if (FatalErrors.endsProcess(e)) { Runtime.getRuntime().halt(ExitCode.SERVER_DIED.code()); }
 * }</pre>
 */
public final class FatalErrors {
  private FatalErrors() {}

  /** Whether this error, uncaught in any thread, must end the process. */
  public static boolean endsProcess(Throwable e) {
    return e instanceof VirtualMachineError && !isDirectMemory(e);
  }

  /**
   * An {@link OutOfMemoryError} for direct memory: the JDK's "Cannot reserve N bytes of direct
   * buffer memory" and "Direct buffer memory", Netty's {@code OutOfDirectMemoryError} ("failed to
   * allocate N byte(s) of direct memory").
   */
  public static boolean isDirectMemory(Throwable e) {
    if (!(e instanceof OutOfMemoryError)) {
      return false;
    }
    String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
    return message.contains("direct buffer memory") || message.contains("of direct memory");
  }
}
