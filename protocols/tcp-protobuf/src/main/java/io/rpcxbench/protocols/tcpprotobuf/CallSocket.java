package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.protocols.tcpprotobuf.wire.Reply;
import io.rpcxbench.protocols.tcpprotobuf.wire.Request;
import io.rpcxbench.tls.TlsSockets;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/** One calling thread's blocking socket: write a request, read its reply. Not thread-safe. */
final class CallSocket implements AutoCloseable {
  private static final int BUFFER = 64 * 1024;

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  private CallSocket(Socket socket) throws IOException {
    this.socket = socket;
    this.in = new BufferedInputStream(socket.getInputStream(), BUFFER);
    this.out = new BufferedOutputStream(socket.getOutputStream(), BUFFER);
  }

  /**
   * Connects within {@code connectTimeoutMs}; every read then waits at most {@code readTimeoutMs}.
   */
  static CallSocket connect(String host, int port, int connectTimeoutMs, int readTimeoutMs)
      throws IOException {
    Socket socket = new Socket();
    try {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(readTimeoutMs);
      socket.connect(new InetSocketAddress(host, port), connectTimeoutMs);
      return new CallSocket(socket);
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
  }

  /** Over TLS: the socket {@code tls} connected (handshake done, read timeout set). */
  static CallSocket connect(
      TlsSockets tls, String host, int port, int connectTimeoutMs, int readTimeoutMs)
      throws IOException {
    Socket socket = tls.connect(host, port, connectTimeoutMs, readTimeoutMs);
    try {
      return new CallSocket(socket);
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
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
