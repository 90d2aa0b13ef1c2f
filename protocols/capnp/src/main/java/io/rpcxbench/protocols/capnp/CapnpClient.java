package io.rpcxbench.protocols.capnp;

import io.rpcxbench.api.Item;
import io.rpcxbench.protocols.capnp.CapnpException.Code;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.PerThreadConnections;
import io.rpcxbench.tls.SocketTarget;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.capnproto.DecodeException;
import org.capnproto.MessageBuilder;

/**
 * The harness's raw socket + Cap'n Proto client: no framework, one blocking {@link java.net.Socket}
 * per calling thread (TCP_NODELAY, buffered streams, connect timeout, SO_TIMEOUT = the call
 * timeout). A socket that failed is discarded; the thread's next call opens a fresh one. The client
 * owns every socket it opened and closes them all in {@link #close()}.
 */
final class CapnpClient implements BenchClient {
  private final String description;
  private final PerThreadConnections<CallSocket> sockets;
  private final SocketTarget endpoint;

  CapnpClient(ClientOptions options) {
    this.endpoint = SocketTarget.of(options);
    this.description =
        "java.net.Socket + org.capnproto:runtime "
            + runtimeVersion()
            + " (hand-written accessors): 1 blocking socket per calling thread, standard stream"
            + " framing, "
            + endpoint.settings();
    this.sockets = new PerThreadConnections<>(() -> endpoint.open(CallSocket::new));
  }

  private static String runtimeVersion() {
    String version = MessageBuilder.class.getPackage().getImplementationVersion();
    return version != null ? version : "0.1.16";
  }

  @Override
  public String hello(String name) {
    return call(0, r -> r.setHello(name), Reply.Which.HELLO, Reply.Reader::hello);
  }

  @Override
  public byte[] echo(byte[] payload) {
    int size = payload == null ? 0 : payload.length;
    return call(size, r -> r.setEcho(payload), Reply.Which.ECHO, Reply.Reader::echo);
  }

  @Override
  public boolean put(String key, byte[] value) {
    int size = (key == null ? 0 : key.length() * 3) + (value == null ? 0 : value.length);
    return call(size, r -> r.setPut(key, value), Reply.Which.PUT, Reply.Reader::put);
  }

  @Override
  public List<Item> items(int n) {
    return call(0, r -> r.setItems(n), Reply.Which.ITEMS, Reply.Reader::items);
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public Optional<String> tlsSession() {
    return endpoint.tlsSession();
  }

  @Override
  public void close() {
    sockets.close();
  }

  /**
   * One call on this thread's socket: builds the request, sends it, reads the reply and, if it is
   * the expected result, decodes it; a reply that cannot be read discards the socket.
   */
  private <T> T call(
      int size,
      Consumer<Request.Builder> request,
      Reply.Which expected,
      Function<Reply.Reader, T> result) {
    CallSocket socket = socket();
    MessageBuilder message = Frames.builder(size);
    Request.Builder root = message.initRoot(Request.factory);
    root.setId(socket.nextId());
    request.accept(root);
    try {
      Reply.Reader reply = socket.call(message);
      Reply.Which which = reply.which();
      if (which == Reply.Which.ERROR) {
        Code code =
            reply.errorCode() == Reply.ErrorCode.INVALID_ARGUMENT
                ? Code.INVALID_ARGUMENT
                : Code.INTERNAL;
        throw new CapnpException(code, reply.errorMessage(), null);
      }
      if (which != expected) {
        discard(socket);
        throw new CapnpException(Code.INTERNAL, "reply holds " + which + ", not " + expected, null);
      }
      return result.apply(reply);
    } catch (SocketTimeoutException e) {
      discard(socket);
      throw new CapnpException(
          Code.DEADLINE_EXCEEDED, "no reply within " + endpoint.readTimeoutMs() + " ms", e);
    } catch (IOException | DecodeException e) {
      discard(socket);
      throw new CapnpException(Code.UNAVAILABLE, target() + ": " + tlsOr(e.getMessage(), e), e);
    }
  }

  /** This thread's socket, opened on its first call or after the last one failed. */
  private CallSocket socket() {
    try {
      return sockets.mine();
    } catch (PerThreadConnections.ClosedException e) {
      throw new CapnpException(Code.UNAVAILABLE, "client closed", null);
    } catch (IOException e) {
      throw new CapnpException(
          Code.UNAVAILABLE, "cannot connect to " + target() + ": " + tlsOr(e.getMessage(), e), e);
    }
  }

  private void discard(CallSocket socket) {
    sockets.discard(socket);
  }

  private String target() {
    return endpoint.address();
  }

  /** A TLS failure's one line (with TLS on), else the message given. */
  private String tlsOr(String message, Exception e) {
    return endpoint.failure(message, e);
  }
}
