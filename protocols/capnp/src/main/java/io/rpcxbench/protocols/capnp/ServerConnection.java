package io.rpcxbench.protocols.capnp;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Optional;
import java.util.function.Consumer;
import org.capnproto.DecodeException;
import org.capnproto.MessageReader;
import org.capnproto.Serialize;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One client's socket on the server: read a request, write its reply, until the end. */
final class ServerConnection implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(ServerConnection.class);
  private static final int BUFFER = 64 * 1024;

  private final Socket socket;
  private final BenchCalls calls;
  private final Consumer<ServerConnection> onEnd;
  private volatile boolean finishing;

  ServerConnection(Socket socket, BenchCalls calls, Consumer<ServerConnection> onEnd) {
    this.socket = socket;
    this.calls = calls;
    this.onEnd = onEnd;
  }

  @Override
  public void run() {
    String peer = String.valueOf(socket.getRemoteSocketAddress());
    try (socket) {
      socket.setTcpNoDelay(true);
      ReadableByteChannel in =
          Frames.channel(new BufferedInputStream(socket.getInputStream(), BUFFER));
      OutputStream stream = new BufferedOutputStream(socket.getOutputStream(), BUFFER);
      WritableByteChannel out = Frames.channel(stream);
      Optional<MessageReader> message;
      while ((message = Frames.read(in, Frames.REQUEST_LIMITS)).isPresent()) {
        Serialize.write(out, calls.answer(message.get().getRoot(Request.factory)));
        stream.flush();
      }
    } catch (DecodeException e) {
      // an oversize segment table, or pointers that do not fit the message
      log.warn("closing the connection from {}: {}", peer, e.getMessage());
    } catch (IOException e) {
      if (!finishing) {
        log.debug("connection from {} ended: {}", peer, e.toString());
      }
    } catch (RuntimeException e) {
      // the runtime reading a crafted message may fail in other ways (index out of bounds)
      log.warn("closing the connection from {}: unreadable request: {}", peer, e.toString());
    } finally {
      onEnd.accept(this);
    }
  }

  /** Graceful: the call being served completes, and the next read sees the end of the stream. */
  void finish() {
    finishing = true;
    try {
      socket.shutdownInput();
    } catch (IOException e) {
      abort();
    }
  }

  /** Closes the socket at once. */
  void abort() {
    finishing = true;
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }
}
