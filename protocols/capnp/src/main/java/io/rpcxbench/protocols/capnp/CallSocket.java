package io.rpcxbench.protocols.capnp;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.Serialize;

/**
 * One calling thread's blocking socket: write a request, read its reply. Not thread-safe. Each
 * request carries the next id of this socket, and a reply with another id is refused.
 */
final class CallSocket implements AutoCloseable {
  private static final int BUFFER = 64 * 1024;

  private final Socket socket;
  private final ReadableByteChannel in;
  private final OutputStream stream;
  private final WritableByteChannel out;
  private long nextId = 1;

  /** Over {@code socket}, connected (see {@link io.rpcxbench.tls.SocketTarget#open}). */
  CallSocket(Socket socket) throws IOException {
    this.socket = socket;
    this.in = Frames.channel(new BufferedInputStream(socket.getInputStream(), BUFFER));
    this.stream = new BufferedOutputStream(socket.getOutputStream(), BUFFER);
    this.out = Frames.channel(stream);
  }

  /** The id the next request must carry. */
  long nextId() {
    return nextId;
  }

  /**
   * Sends the request (whose id is {@link #nextId()}) and returns the reply to it.
   *
   * @throws org.capnproto.DecodeException when the reply cannot be trusted
   */
  Reply.Reader call(MessageBuilder request) throws IOException {
    long id = nextId++;
    Serialize.write(out, request);
    stream.flush();
    MessageReader message =
        Frames.read(in, Frames.REPLY_LIMITS)
            .orElseThrow(() -> new EOFException("the server closed the connection"));
    Reply.Reader reply = message.getRoot(Reply.factory);
    if (reply.id() != id) {
      throw new IOException("reply " + reply.id() + " to request " + id);
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
