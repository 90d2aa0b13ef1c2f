package io.rpcxbench.protocols.avro;

import io.rpcxbench.protocols.avro.wire.Reply;
import io.rpcxbench.protocols.avro.wire.Request;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;

/**
 * One calling thread's blocking avro-socket connection: write a request, read its reply. Not
 * thread-safe.
 */
final class CallSocket implements AutoCloseable {
  private static final int BUFFER = 64 * 1024;

  private final Socket socket;
  private final DataInputStream in;
  private final DataOutputStream out;
  private final SocketFrames<Request, Reply> frames =
      new SocketFrames<>(Request.class, Reply.class);

  /** Over {@code socket}, connected (see {@link io.rpcxbench.tls.SocketTarget#open}). */
  CallSocket(Socket socket) throws IOException {
    this.socket = socket;
    this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), BUFFER));
    this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), BUFFER));
  }

  /**
   * Writes {@code request} and reads its reply. A server that closed the connection (after a frame
   * over its limit, say) is reported the same way whether its close met the request still being
   * written (broken pipe, reset) or the reply being awaited (end of stream, reset).
   */
  Reply call(Request request) throws IOException {
    Reply reply;
    try {
      frames.write(request, out);
      reply = frames.read(in);
    } catch (SocketException e) {
      EOFException closed =
          new EOFException("the server closed the connection (" + e.getMessage() + ")");
      closed.initCause(e);
      throw closed;
    }
    if (reply == null) {
      throw new EOFException("the server closed the connection");
    }
    return reply;
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // discarded anyway
    }
  }
}
