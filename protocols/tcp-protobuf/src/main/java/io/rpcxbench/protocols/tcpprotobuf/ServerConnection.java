package io.rpcxbench.protocols.tcpprotobuf;

import com.google.protobuf.InvalidProtocolBufferException;
import io.rpcxbench.protocols.tcpprotobuf.wire.Request;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.function.Consumer;
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
      InputStream in = new BufferedInputStream(socket.getInputStream(), BUFFER);
      OutputStream out = new BufferedOutputStream(socket.getOutputStream(), BUFFER);
      byte[] frame;
      while ((frame = Frames.read(in, Frames.MAX_FRAME)) != null) {
        calls.answer(Request.parseFrom(frame)).writeDelimitedTo(out);
        out.flush();
      }
    } catch (Frames.BadFrameException e) {
      log.warn("closing the connection from {}: {}", peer, e.getMessage());
    } catch (InvalidProtocolBufferException e) {
      log.warn("closing the connection from {}: not a Request: {}", peer, e.getMessage());
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
