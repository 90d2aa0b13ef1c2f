package io.rpcxbench.protocols.avro;

import io.rpcxbench.protocols.avro.wire.Reply;
import io.rpcxbench.protocols.avro.wire.Request;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One avro-socket client's connection on the server: read a request, write its reply, until the
 * end.
 */
final class SocketConnection implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(SocketConnection.class);
  private static final int BUFFER = 64 * 1024;

  private final Socket socket;
  private final SocketCalls calls;
  private final Consumer<SocketConnection> onEnd;
  private volatile boolean finishing;

  SocketConnection(Socket socket, SocketCalls calls, Consumer<SocketConnection> onEnd) {
    this.socket = socket;
    this.calls = calls;
    this.onEnd = onEnd;
  }

  @Override
  public void run() {
    String peer = String.valueOf(socket.getRemoteSocketAddress());
    try (socket) {
      socket.setTcpNoDelay(true);
      DataInputStream in =
          new DataInputStream(new BufferedInputStream(socket.getInputStream(), BUFFER));
      DataOutputStream out =
          new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), BUFFER));
      SocketFrames<Reply, Request> frames = new SocketFrames<>(Reply.class, Request.class);
      Request request;
      while ((request = frames.read(in)) != null) {
        frames.write(calls.answer(request), out);
      }
    } catch (SocketFrames.BadFrameException e) {
      log.warn("closing the connection from {}: {}", peer, e.getMessage());
    } catch (IOException e) {
      if (!finishing) {
        log.debug("connection from {} ended: {}", peer, e.toString());
      }
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
