package io.rpcxbench.protocols.tcpprotobuf;

import com.google.protobuf.InvalidProtocolBufferException;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.protocols.tcpprotobuf.wire.Request;
import io.rpcxbench.serverkit.BadInputException;
import io.rpcxbench.serverkit.RequestInput;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.serverkit.ThreadPerConnectionServer;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The benchmark calls on the server kit's blocking {@link ThreadPerConnectionServer}: the floor for
 * binary RPC and the Geode "raw socket + Protobuf" row, a thread reading a socket and writing the
 * answer back, one server thread per calling thread.
 *
 * <pre>{@code
 * try (RunningServer server = TcpProtobufServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class TcpProtobufServer {
  private TcpProtobufServer() {}

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
        TcpProtobufProtocol.ID,
        bindAddress,
        port,
        limits,
        tls,
        (in, out) -> converse(calls, in, out));
  }

  /** Delimited requests in, delimited replies out, until the end of the stream. */
  private static void converse(BenchCalls calls, RequestInput in, OutputStream out)
      throws IOException {
    byte[] frame;
    while ((frame = ServerFrames.read(in, Frames.MAX_FRAME)) != null) {
      Request request;
      try {
        request = Request.parseFrom(frame);
      } catch (InvalidProtocolBufferException e) {
        throw new BadInputException("not a Request: " + e.getMessage(), e);
      }
      calls.answer(request).writeDelimitedTo(out);
      out.flush();
    }
  }
}
