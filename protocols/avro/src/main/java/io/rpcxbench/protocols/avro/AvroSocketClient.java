package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.Item;
import io.rpcxbench.protocols.avro.AvroException.Code;
import io.rpcxbench.protocols.avro.wire.EchoCall;
import io.rpcxbench.protocols.avro.wire.ErrorCode;
import io.rpcxbench.protocols.avro.wire.ErrorReply;
import io.rpcxbench.protocols.avro.wire.HelloCall;
import io.rpcxbench.protocols.avro.wire.ItemsCall;
import io.rpcxbench.protocols.avro.wire.MessageCall;
import io.rpcxbench.protocols.avro.wire.PutCall;
import io.rpcxbench.protocols.avro.wire.Reply;
import io.rpcxbench.protocols.avro.wire.Request;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.PerThreadConnections;
import io.rpcxbench.tls.SocketTarget;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

/**
 * The harness's raw socket + Avro client: no framework, one blocking {@link java.net.Socket} per
 * calling thread (TCP_NODELAY, buffered streams, connect timeout, SO_TIMEOUT = the call timeout). A
 * socket that failed is discarded; the thread's next call opens a fresh one. The client owns every
 * socket it opened and closes them all in {@link #close()}.
 */
final class AvroSocketClient implements BenchClient {
  private final String target;
  private final String description;
  private final PerThreadConnections<CallSocket> sockets;
  private final SocketTarget endpoint;

  AvroSocketClient(ClientOptions options) {
    AvroLimits.install();
    this.endpoint = SocketTarget.of(options);
    this.target = options.target();
    this.description =
        "java.net.Socket + avro "
            + org.apache.avro.Schema.class.getPackage().getImplementationVersion()
            + ": 1 blocking socket per calling thread, 4-byte length-prefixed Avro binary records, "
            + endpoint.settings();
    this.sockets = new PerThreadConnections<>(() -> endpoint.open(CallSocket::new));
  }

  @Override
  public String hello(String name) {
    return (String) call(new HelloCall(name), String.class);
  }

  @Override
  public byte[] echo(byte[] payload) {
    return ItemRecords.bytes(
        (ByteBuffer) call(new EchoCall(ItemRecords.wrap(payload)), ByteBuffer.class));
  }

  @Override
  public boolean put(String key, byte[] value) {
    return (Boolean) call(new PutCall(key, ItemRecords.wrap(value)), Boolean.class);
  }

  @Override
  @SuppressWarnings("unchecked")
  public List<Item> items(int n) {
    return ItemRecords.fromWire(
        (List<io.rpcxbench.protocols.avro.wire.Item>) call(new ItemsCall(n), List.class));
  }

  /** A user's record's Avro bytes in a MessageCall; the answer's bytes (AvroMessageClient). */
  ByteBuffer message(String reply, ByteBuffer record) {
    return (ByteBuffer) call(new MessageCall(reply, record), ByteBuffer.class);
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

  private Object call(Object call, Class<?> expected) {
    CallSocket socket = socket();
    Reply reply;
    try {
      reply = socket.call(new Request(call));
    } catch (SocketTimeoutException e) {
      discard(socket);
      throw new AvroException(
          Code.DEADLINE_EXCEEDED, "no reply within " + endpoint.readTimeoutMs() + " ms", e);
    } catch (IOException e) {
      discard(socket);
      throw new AvroException(Code.UNAVAILABLE, target + ": " + tlsOr(e.getMessage(), e), e);
    }
    Object result = reply.getOutcome();
    if (result instanceof ErrorReply error) {
      Code code =
          error.getCode() == ErrorCode.INVALID_ARGUMENT ? Code.INVALID_ARGUMENT : Code.INTERNAL;
      throw new AvroException(code, error.getMessage(), null);
    }
    if (!expected.isInstance(result)) {
      discard(socket);
      throw new AvroException(
          Code.INTERNAL,
          "reply holds " + (result == null ? "null" : result.getClass().getSimpleName()),
          null);
    }
    return result;
  }

  /** This thread's socket, opened on its first call or after the last one failed. */
  private CallSocket socket() {
    try {
      return sockets.mine();
    } catch (PerThreadConnections.ClosedException e) {
      throw new AvroException(Code.UNAVAILABLE, "client closed", null);
    } catch (IOException e) {
      throw new AvroException(
          Code.UNAVAILABLE, "cannot connect to " + target + ": " + tlsOr(e.getMessage(), e), e);
    }
  }

  private void discard(CallSocket socket) {
    sockets.discard(socket);
  }

  /** A TLS failure's one line (with TLS on), else the message given. */
  private String tlsOr(String message, Exception e) {
    return endpoint.failure(message, e);
  }
}
