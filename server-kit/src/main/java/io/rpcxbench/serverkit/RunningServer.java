package io.rpcxbench.serverkit;

/** A benchmark server that is listening. {@link #close()} stops it gracefully. */
public interface RunningServer extends AutoCloseable {
  /** The port actually bound (the asked one, or the one the OS chose for port 0). */
  int port();

  /**
   * The TLS this server really serves, when another stack than the JDK's does it (a child process:
   * redis-server's OpenSSL, RabbitMQ's Erlang {@code ssl}), e.g. {@code "TLSv1.3,TLSv1.2
   * (Erlang/OTP ssl of RabbitMQ)"}; empty: the JDK's, as {@link ServerTls#describe()} says.
   */
  default java.util.Optional<String> tlsStack() {
    return java.util.Optional.empty();
  }

  /** Graceful stop: calls in flight finish first. Idempotent. */
  @Override
  void close();
}
