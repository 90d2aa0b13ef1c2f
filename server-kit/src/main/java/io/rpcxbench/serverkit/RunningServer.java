package io.rpcxbench.serverkit;

/** A benchmark server that is listening. {@link #close()} stops it gracefully. */
public interface RunningServer extends AutoCloseable {
  /** The port actually bound (the asked one, or the one the OS chose for port 0). */
  int port();

  /** Graceful stop: calls in flight finish first. Idempotent. */
  @Override
  void close();
}
