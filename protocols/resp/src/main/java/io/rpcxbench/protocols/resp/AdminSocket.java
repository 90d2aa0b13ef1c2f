package io.rpcxbench.protocols.resp;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * redis-server's Unix socket in the child's private folder (owner only): how the jar asks it {@code
 * PING} and {@code SHUTDOWN NOSAVE} whatever its TCP port serves, TLS, mTLS (which would need a
 * client certificate the jar does not have) or plaintext.
 *
 * <pre>{@code
 * String reply = AdminSocket.send(dir.resolve("admin.sock"), "PING", Duration.ofMillis(500));
 * // "+PONG"
 * }</pre>
 */
final class AdminSocket {
  private AdminSocket() {}

  /**
   * Sends one inline command and returns the first line of the reply; "" when the server closed the
   * connection without one (SHUTDOWN does).
   *
   * @throws IOException no server on the socket yet, or no reply within {@code timeout}
   */
  static String send(Path socket, String inlineCommand, Duration timeout) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        Selector selector = Selector.open()) {
      channel.connect(UnixDomainSocketAddress.of(socket));
      ByteBuffer out =
          ByteBuffer.wrap((inlineCommand + "\r\n").getBytes(StandardCharsets.US_ASCII));
      while (out.hasRemaining()) {
        channel.write(out);
      }
      channel.configureBlocking(false);
      channel.register(selector, SelectionKey.OP_READ);
      ByteBuffer in = ByteBuffer.allocate(4096);
      StringBuilder line = new StringBuilder();
      while (true) {
        long left = (deadline - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
          throw new IOException("no reply to " + inlineCommand + " within " + timeout);
        }
        selector.select(left);
        selector.selectedKeys().clear();
        in.clear();
        int n = channel.read(in);
        if (n < 0) {
          return line.toString();
        }
        in.flip();
        while (in.hasRemaining()) {
          char c = (char) in.get();
          if (c == '\r' || c == '\n') {
            return line.toString();
          }
          line.append(c);
        }
      }
    }
  }
}
