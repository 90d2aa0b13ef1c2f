package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.protocols.avro.wire.Reply;
import io.rpcxbench.protocols.avro.wire.Request;
import io.rpcxbench.serverkit.RequestInput;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.serverkit.ThreadPerConnectionServer;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * avro-socket's server: Avro binary records in length-prefixed frames on the server kit's blocking
 * {@link ThreadPerConnectionServer}, one thread per connection: the Geode "raw socket + Avro" row.
 *
 * <pre>{@code
 * try (RunningServer server = AvroSocketServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class AvroSocketServer {
  private AvroSocketServer() {}

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
    SocketCalls calls = new SocketCalls(service);
    return ThreadPerConnectionServer.start(
        AvroSocketProtocol.ID,
        bindAddress,
        port,
        limits,
        tls,
        (in, out) -> converse(calls, in, out));
  }

  /** Request frames in, reply frames out, until the end of the stream. */
  private static void converse(SocketCalls calls, RequestInput in, OutputStream out)
      throws IOException {
    DataInputStream requests = new DataInputStream(in);
    DataOutputStream replies = new DataOutputStream(out);
    SocketFrames<Reply, Request> frames = new SocketFrames<>(Reply.class, Request.class);
    Request request;
    while ((request = frames.read(requests, in)) != null) {
      frames.write(calls.answer(request), replies);
    }
  }
}
