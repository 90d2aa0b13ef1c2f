package io.rpcxbench.protocols.tcpprotobuf;

import com.google.protobuf.ByteString;
import io.rpcxbench.api.Item;
import io.rpcxbench.protocols.tcpprotobuf.TcpProtobufException.Code;
import io.rpcxbench.protocols.tcpprotobuf.wire.Echo;
import io.rpcxbench.protocols.tcpprotobuf.wire.Hello;
import io.rpcxbench.protocols.tcpprotobuf.wire.Items;
import io.rpcxbench.protocols.tcpprotobuf.wire.Put;
import io.rpcxbench.protocols.tcpprotobuf.wire.Reply;
import io.rpcxbench.protocols.tcpprotobuf.wire.Request;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.PerThreadConnections;
import io.rpcxbench.tls.SocketTarget;
import io.rpcxbench.tls.TlsSockets;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Optional;

/**
 * The harness's raw TCP + Protobuf client: no framework, one blocking {@link java.net.Socket} per
 * calling thread (TCP_NODELAY, buffered streams, connect timeout, SO_TIMEOUT = the call timeout). A
 * socket that failed is discarded; the thread's next call opens a fresh one. The client owns every
 * socket it opened and closes them all in {@link #close()}. With {@code --tls}: each socket a JDK
 * {@code SSLSocket} of the PEM files ({@link TlsSockets}), a TLS failure one line.
 */
final class TcpProtobufClient implements BenchClient {
  private final String description;
  private final PerThreadConnections<CallSocket> sockets;
  private final SocketTarget endpoint;

  TcpProtobufClient(ClientOptions options) {
    this.endpoint = SocketTarget.of(options);
    this.description =
        "java.net.Socket + protobuf-java "
            + com.google.protobuf.RuntimeVersion.MAJOR
            + "."
            + com.google.protobuf.RuntimeVersion.MINOR
            + "."
            + com.google.protobuf.RuntimeVersion.PATCH
            + ": 1 blocking socket per calling thread, varint-delimited messages, "
            + endpoint.settings();
    this.sockets = new PerThreadConnections<>(() -> endpoint.open(CallSocket::new));
  }

  @Override
  public String hello(String name) {
    Hello.Builder hello = Hello.newBuilder();
    if (name != null) {
      hello.setName(name);
    }
    return call(Request.newBuilder().setHello(hello), Reply.ResultCase.HELLO).getHello();
  }

  @Override
  public byte[] echo(byte[] payload) {
    Echo.Builder echo = Echo.newBuilder();
    if (payload != null) {
      echo.setPayload(ByteString.copyFrom(payload));
    }
    return call(Request.newBuilder().setEcho(echo), Reply.ResultCase.ECHO).getEcho().toByteArray();
  }

  @Override
  public boolean put(String key, byte[] value) {
    Put.Builder put = Put.newBuilder();
    if (key != null) {
      put.setKey(key);
    }
    if (value != null) {
      put.setValue(ByteString.copyFrom(value));
    }
    return call(Request.newBuilder().setPut(put), Reply.ResultCase.PUT).getPut();
  }

  @Override
  public List<Item> items(int n) {
    Reply reply =
        call(Request.newBuilder().setItems(Items.newBuilder().setN(n)), Reply.ResultCase.ITEMS);
    return ItemMessages.fromWire(reply.getItems());
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

  private Reply call(Request.Builder request, Reply.ResultCase expected) {
    CallSocket socket = socket();
    Reply reply;
    try {
      reply = socket.call(request.build());
    } catch (SocketTimeoutException e) {
      discard(socket);
      throw new TcpProtobufException(
          Code.DEADLINE_EXCEEDED, "no reply within " + endpoint.readTimeoutMs() + " ms", e);
    } catch (IOException e) {
      discard(socket);
      throw new TcpProtobufException(
          Code.UNAVAILABLE, target() + ": " + tlsOr(e.getMessage(), e), e);
    }
    if (reply.getResultCase() == Reply.ResultCase.ERROR) {
      Code code =
          reply.getError().getCode()
                  == io.rpcxbench.protocols.tcpprotobuf.wire.Error.Code.INVALID_ARGUMENT
              ? Code.INVALID_ARGUMENT
              : Code.INTERNAL;
      throw new TcpProtobufException(code, reply.getError().getMessage(), null);
    }
    if (reply.getResultCase() != expected) {
      discard(socket);
      throw new TcpProtobufException(
          Code.INTERNAL, "reply holds " + reply.getResultCase() + ", not " + expected, null);
    }
    return reply;
  }

  /** This thread's socket, opened on its first call or after the last one failed. */
  private CallSocket socket() {
    try {
      return sockets.mine();
    } catch (PerThreadConnections.ClosedException e) {
      throw new TcpProtobufException(Code.UNAVAILABLE, "client closed", null);
    } catch (IOException e) {
      throw new TcpProtobufException(
          Code.UNAVAILABLE, "cannot connect to " + target() + ": " + tlsOr(e.getMessage(), e), e);
    }
  }

  /** A TLS failure's one line (with TLS on), else the message given. */
  private String tlsOr(String message, Exception e) {
    return endpoint.failure(message, e);
  }

  private void discard(CallSocket socket) {
    sockets.discard(socket);
  }

  private String target() {
    return endpoint.address();
  }
}
