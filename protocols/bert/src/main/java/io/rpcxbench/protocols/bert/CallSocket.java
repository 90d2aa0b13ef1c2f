package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangObject;
import io.rpcxbench.protocols.bert.TermBounds.BadTermException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/** One calling thread's blocking socket: write a request frame, read its reply. Not thread-safe. */
final class CallSocket implements AutoCloseable {
  private static final int BUFFER = 64 * 1024;

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final byte[] header = new byte[4];

  /** Over {@code socket}, connected (see {@link io.rpcxbench.tls.SocketTarget#open}). */
  CallSocket(Socket socket) throws IOException {
    this.socket = socket;
    this.in = new BufferedInputStream(socket.getInputStream(), BUFFER);
    this.out = new BufferedOutputStream(socket.getOutputStream(), BUFFER);
  }

  /**
   * Sends the request and reads the reply's term.
   *
   * @throws IOException when the socket breaks, times out, or the reply's length is over the bound:
   *     the socket is then unusable
   * @throws BadTermException when the reply frame holds no acceptable term (the framing is intact)
   */
  OtpErlangObject call(TermFrame request) throws IOException, BadTermException {
    return call(request, TermBounds.REPLY);
  }

  /** As {@link #call(TermFrame)}, the reply checked against these bounds. */
  OtpErlangObject call(TermFrame request, TermBounds bounds) throws IOException, BadTermException {
    out.write(request.array(), 0, request.size());
    out.flush();
    if (in.readNBytes(header, 0, 4) < 4) {
      throw new EOFException("the server closed the connection");
    }
    long length =
        ((header[0] & 0xffL) << 24)
            | ((header[1] & 0xff) << 16)
            | ((header[2] & 0xff) << 8)
            | (header[3] & 0xff);
    if (length > Terms.MAX_FRAME) {
      throw new IOException("a reply of " + length + " bytes, the limit is " + Terms.MAX_FRAME);
    }
    byte[] frame = new byte[(int) length];
    int read = in.readNBytes(frame, 0, frame.length);
    if (read < frame.length) {
      throw new EOFException(
          "the stream ended " + read + " bytes into a " + length + " byte reply");
    }
    return Terms.decode(frame, 0, frame.length, bounds);
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
