package io.rpcxbench.protocols.amqp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Ports for brokers, which need a concrete port before they start. */
final class Ports {
  private Ports() {}

  /**
   * Binds {@code bind:port} once and lets it go: the port a broker can take right after (the asked
   * one, or a free one for 0).
   *
   * @throws java.net.BindException when the port is busy
   */
  static int reserve(String bind, int port) throws IOException {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getByName(bind), port));
      return socket.getLocalPort();
    }
  }

  /** Where a local client reaches a listener on {@code bind}: loopback for a wildcard address. */
  static String connectHost(String bind) throws IOException {
    InetAddress address = InetAddress.getByName(bind);
    if (!address.isAnyLocalAddress()) {
      return address.getHostAddress();
    }
    return address instanceof java.net.Inet6Address ? "::1" : "127.0.0.1";
  }
}
