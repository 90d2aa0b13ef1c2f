package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.protocols.tcpprotobuf.wire.Reply;
import io.rpcxbench.protocols.tcpprotobuf.wire.Request;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/** One calling thread's blocking socket: write a request, read its reply. Not thread-safe. */
final class CallSocket implements AutoCloseable {
  private static final int BUFFER = 64 * 1024;

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  /** Over {@code socket}, connected (see {@link io.rpcxbench.tls.SocketTarget#open}). */
  CallSocket(Socket socket) throws IOException {
    this.socket = socket;
    this.in = new BufferedInputStream(socket.getInputStream(), BUFFER);
    this.out = new BufferedOutputStream(socket.getOutputStream(), BUFFER);
  }

  Reply call(Request request) throws IOException {
    request.writeDelimitedTo(out);
    out.flush();
    byte[] frame = Frames.read(in, Frames.MAX_FRAME);
    if (frame == null) {
      throw new EOFException("the server closed the connection");
    }
    return Reply.parseFrom(frame);
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
