package io.rpcxbench.protocols.capnp;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.BadInputException;
import io.rpcxbench.serverkit.RequestInput;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.serverkit.ThreadPerConnectionServer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.WritableByteChannel;
import java.util.Optional;
import org.capnproto.DecodeException;
import org.capnproto.MessageReader;
import org.capnproto.Serialize;

/**
 * The benchmark calls as Cap'n Proto messages on the server kit's blocking {@link
 * ThreadPerConnectionServer}, one thread per connection: the Geode "raw socket + Cap'n Proto" row
 * (Cap'n Proto RPC has no Java implementation here).
 *
 * <pre>{@code
 * try (RunningServer server = CapnpServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class CapnpServer {
  private CapnpServer() {}

  /**
   * Binds and starts accepting.
   *
   * @throws java.net.BindException when the port is busy
   */
  public static RunningServer start(String bindAddress, int port) throws IOException {
    return start(bindAddress, port, ServerLimits.defaults());
  }

  /**
   * Binds with the server kit's limits (cap, idle timeout, frame deadline and limit: {@link
   * ThreadPerConnectionServer}).
   *
   * @throws java.net.BindException when the port is busy
   */
  public static RunningServer start(String bindAddress, int port, ServerLimits limits)
      throws IOException {
    return start(bindAddress, port, limits, new BenchLogic());
  }

  /** As {@link #start(String, int, ServerLimits)}, serving the server kit's service. */
  public static RunningServer start(
      String bindAddress, int port, ServerLimits limits, BenchService service) throws IOException {
    return start(bindAddress, port, limits, service, null);
  }

  /**
   * As above, serving TLS only when {@code tls} is given (the kit's {@code SSLServerSocket}; mTLS:
   * client certificates required).
   */
  public static RunningServer start(
      String bindAddress, int port, ServerLimits limits, BenchService service, ServerTls tls)
      throws IOException {
    BenchCalls calls = new BenchCalls(service);
    return ThreadPerConnectionServer.start(
        CapnpProtocol.ID, bindAddress, port, limits, tls, (in, out) -> converse(calls, in, out));
  }

  /** Request messages in, reply messages out, until the end of the stream. */
  private static void converse(BenchCalls calls, RequestInput in, OutputStream out)
      throws IOException {
    WritableByteChannel replies = Frames.channel(out);
    try {
      Optional<MessageReader> message;
      while ((message = ArrivingMessage.read(in, Frames.REQUEST_LIMITS)).isPresent()) {
        Serialize.write(replies, calls.answer(message.get().getRoot(Request.factory)));
        out.flush();
      }
    } catch (DecodeException e) {
      // an oversize segment table, or pointers that do not fit the message
      throw new BadInputException(e.getMessage(), e);
    }
  }
}
