package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangAtom;
import com.ericsson.otp.erlang.OtpErlangLong;
import com.ericsson.otp.erlang.OtpErlangObject;
import com.ericsson.otp.erlang.OtpErlangTuple;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import io.rpcxbench.protocols.bert.BertException.Code;
import io.rpcxbench.protocols.bert.TermBounds.BadTermException;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.PerThreadConnections;
import io.rpcxbench.tls.SocketTarget;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The harness's BERT-RPC client: {@code {call, bench, Function, Args}} on one blocking {@link
 * java.net.Socket} per calling thread (TCP_NODELAY, buffered streams, connect timeout, SO_TIMEOUT =
 * the call timeout), kept across calls as for the other raw-socket protocols (Ruby's bertrpc opens
 * one per call; that would measure connection setup, not BERT-RPC). A socket that failed is
 * discarded; the thread's next call opens a fresh one. The client owns every socket it opened and
 * closes them all in {@link #close()}.
 */
final class BertClient implements BenchClient {
  private final String description;
  private final PerThreadConnections<CallSocket> sockets;
  private final SocketTarget endpoint;

  BertClient(ClientOptions options) {
    this.endpoint = SocketTarget.of(options);
    this.description =
        "java.net.Socket + org.erlang.otp:jinterface 1.6.1 (external term format): 1 blocking"
            + " socket per calling thread, 4-byte length-prefixed frames, "
            + endpoint.settings();
    this.sockets = new PerThreadConnections<>(() -> endpoint.open(CallSocket::new));
  }

  @Override
  public String hello(String name) {
    int size = name == null ? 0 : name.length() * 3;
    OtpErlangObject result = call(BenchContract.HELLO, 1, size, f -> binaryOrNil(f, name));
    return new String(binary(BenchContract.HELLO, result), StandardCharsets.UTF_8);
  }

  @Override
  public byte[] echo(byte[] payload) {
    int size = payload == null ? 0 : payload.length;
    OtpErlangObject result = call(BenchContract.ECHO, 1, size, f -> bytesOrNil(f, payload));
    return binary(BenchContract.ECHO, result);
  }

  @Override
  public boolean put(String key, byte[] value) {
    int size = (key == null ? 0 : key.length() * 3) + (value == null ? 0 : value.length);
    OtpErlangObject result =
        call(
            BenchContract.PUT,
            2,
            size,
            f -> {
              binaryOrNil(f, key);
              bytesOrNil(f, value);
            });
    // Erlang's true; BERT also spells booleans {bert, true}
    if (Terms.isAtom(result, "true")
        || result instanceof OtpErlangTuple t
            && t.arity() == 2
            && Terms.isAtom(t.elementAt(0), Terms.BERT)
            && Terms.isAtom(t.elementAt(1), "true")) {
      return true;
    }
    throw new BertException(Code.PROTOCOL, "put: the reply is not true", null);
  }

  @Override
  public List<Item> items(int n) {
    OtpErlangObject result = call(BenchContract.ITEMS, 1, 8, f -> f.write_long(n));
    try {
      return ItemTerms.read(result);
    } catch (IllegalArgumentException e) {
      throw new BertException(Code.PROTOCOL, e.getMessage(), null);
    }
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

  private static void binaryOrNil(TermFrame frame, String text) {
    if (text == null) {
      frame.nil();
    } else {
      frame.binary(text);
    }
  }

  private static void bytesOrNil(TermFrame frame, byte[] bytes) {
    if (bytes == null) {
      frame.nil();
    } else {
      frame.write_binary(bytes);
    }
  }

  private static byte[] binary(String function, OtpErlangObject result) {
    byte[] bytes = Terms.bytes(result);
    if (bytes == null) {
      throw new BertException(
          Code.PROTOCOL, function + ": the reply is a " + Terms.kind(result), null);
    }
    return bytes;
  }

  /**
   * {@code bench:message(Reply, Record)}: a user's record as terms (BertMessageClient); the
   * answer's terms, read with the bounds of a record.
   */
  OtpErlangObject message(String reply, OtpErlangObject record, int recordBytes) {
    return call(
        "message",
        2,
        recordBytes,
        f -> {
          f.binary(reply);
          f.write_any(record);
        },
        TermBounds.MESSAGE);
  }

  /** {@code {call, bench, function, [args...]}} and the result of its {@code {reply, Result}}. */
  private OtpErlangObject call(
      String function, int argCount, int argBytes, Consumer<TermFrame> args) {
    return call(function, argCount, argBytes, args, TermBounds.REPLY);
  }

  private OtpErlangObject call(
      String function,
      int argCount,
      int argBytes,
      Consumer<TermFrame> args,
      TermBounds replyBounds) {
    TermFrame request = new TermFrame(argBytes + 32);
    request.write_tuple_head(4);
    request.write_atom("call");
    request.write_atom(BenchModule.NAME);
    request.write_atom(function);
    request.listHead(argCount);
    args.accept(request);
    request.listEnd(argCount);
    request.finish();

    CallSocket socket = socket();
    OtpErlangObject reply;
    try {
      reply = socket.call(request, replyBounds);
    } catch (SocketTimeoutException e) {
      sockets.discard(socket);
      throw new BertException(
          Code.DEADLINE_EXCEEDED, "no reply within " + endpoint.readTimeoutMs() + " ms", e);
    } catch (IOException e) {
      sockets.discard(socket);
      throw new BertException(Code.UNAVAILABLE, target() + ": " + tlsOr(e.getMessage(), e), e);
    } catch (BadTermException e) {
      sockets.discard(socket);
      throw new BertException(Code.PROTOCOL, "unreadable reply: " + e.getMessage(), e);
    }
    if (reply instanceof OtpErlangTuple t && t.arity() == 2) {
      if (Terms.isAtom(t.elementAt(0), "reply")) {
        return t.elementAt(1);
      }
      if (Terms.isAtom(t.elementAt(0), "error")) {
        BertException error = error(t.elementAt(1));
        if (error.code() == Code.PROTOCOL) {
          sockets.discard(socket); // the server may close it after a protocol error
        }
        throw error;
      }
    }
    sockets.discard(socket);
    throw new BertException(Code.PROTOCOL, "not a reply: a " + Terms.kind(reply), null);
  }

  /** {@code {Type, Code, Class, Detail, Backtrace}} as an exception. */
  private static BertException error(OtpErlangObject term) {
    if (!(term instanceof OtpErlangTuple t) || t.arity() != 5) {
      return new BertException(Code.PROTOCOL, "an error reply without its 5-tuple", null);
    }
    String type = t.elementAt(0) instanceof OtpErlangAtom atom ? atom.atomValue() : "";
    String errorClass = text(t.elementAt(2));
    String detail = text(t.elementAt(3));
    String number = t.elementAt(1) instanceof OtpErlangLong n ? String.valueOf(n) : "?";
    Code code =
        switch (type) {
          case Replies.USER ->
              errorClass.equals("InvalidArgumentException") ? Code.INVALID_ARGUMENT : Code.USER;
          case Replies.SERVER -> Code.SERVER;
          default -> Code.PROTOCOL;
        };
    return new BertException(
        code, type + " error " + number + " " + errorClass + ": " + detail, null);
  }

  private static String text(OtpErlangObject term) {
    byte[] bytes = Terms.bytes(term);
    return bytes == null ? String.valueOf(term) : new String(bytes, StandardCharsets.UTF_8);
  }

  /** This thread's socket, opened on its first call or after the last one failed. */
  private CallSocket socket() {
    try {
      return sockets.mine();
    } catch (PerThreadConnections.ClosedException e) {
      throw new BertException(Code.UNAVAILABLE, "client closed", null);
    } catch (IOException e) {
      throw new BertException(
          Code.UNAVAILABLE, "cannot connect to " + target() + ": " + tlsOr(e.getMessage(), e), e);
    }
  }

  /** A TLS failure's one line (with TLS on), else the message given. */
  private String tlsOr(String message, Exception e) {
    return endpoint.failure(message, e);
  }

  private String target() {
    return endpoint.address();
  }
}
