package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangAtom;
import com.ericsson.otp.erlang.OtpErlangBinary;
import com.ericsson.otp.erlang.OtpErlangList;
import com.ericsson.otp.erlang.OtpErlangLong;
import com.ericsson.otp.erlang.OtpErlangObject;
import com.ericsson.otp.erlang.OtpErlangTuple;
import io.rpcxbench.protocols.bert.TermBounds.BadTermException;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A raw BERP connection for tests, and terms to build requests with. */
final class Berp implements AutoCloseable {
  private final Socket socket;
  private final DataInputStream in;

  Berp(int port) throws IOException {
    socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(10_000);
    in = new DataInputStream(socket.getInputStream());
  }

  /** Sends raw bytes. */
  Berp send(byte[] bytes) throws IOException {
    socket.getOutputStream().write(bytes);
    socket.getOutputStream().flush();
    return this;
  }

  /** Sends a term as a frame. */
  Berp send(OtpErlangObject term) throws IOException {
    return send(frame(term));
  }

  /** Ends our output: the server sees the end of the stream. */
  Berp endOutput() throws IOException {
    socket.shutdownOutput();
    return this;
  }

  /** The next reply frame's term. */
  OtpErlangObject reply() throws IOException, BadTermException {
    int length = in.readInt();
    byte[] frame = new byte[length];
    in.readFully(frame);
    return Terms.decode(frame, 0, length, TermBounds.REPLY);
  }

  /** True when the server closes the connection (end of stream or reset) without a byte more. */
  boolean closedByServer() throws IOException {
    try {
      return in.read() < 0;
    } catch (SocketException reset) {
      return true;
    } catch (EOFException end) {
      return true;
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }

  /** One frame: the 4-byte length, the version byte, the term. */
  static byte[] frame(OtpErlangObject term) {
    TermFrame frame = new TermFrame(64);
    frame.write_any(term);
    frame.finish();
    return Arrays.copyOf(frame.array(), frame.size());
  }

  /** A frame around bytes given by hand: the length, then the bytes. */
  static byte[] rawFrame(int... bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(ByteBuffer.allocate(4).putInt(bytes.length).array());
    for (int b : bytes) {
      out.write(b);
    }
    return out.toByteArray();
  }

  static OtpErlangAtom atom(String name) {
    return new OtpErlangAtom(name);
  }

  static OtpErlangBinary binary(String text) {
    return new OtpErlangBinary(text.getBytes(StandardCharsets.UTF_8));
  }

  static OtpErlangTuple tuple(OtpErlangObject... elements) {
    return new OtpErlangTuple(elements);
  }

  static OtpErlangList list(OtpErlangObject... elements) {
    return new OtpErlangList(elements);
  }

  static OtpErlangLong integer(long n) {
    return new OtpErlangLong(n);
  }

  /** {@code {call, Module, Function, [Args]}}. */
  static OtpErlangTuple call(String module, String function, OtpErlangObject... args) {
    return tuple(atom("call"), atom(module), atom(function), list(args));
  }

  /** {@code {reply, <<"hello, Name">>}}. */
  static OtpErlangTuple helloReply(String name) {
    return tuple(atom("reply"), binary("hello, " + name));
  }
}
