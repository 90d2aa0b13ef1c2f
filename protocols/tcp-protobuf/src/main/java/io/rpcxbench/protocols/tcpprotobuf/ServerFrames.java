package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.serverkit.BadInputException;
import io.rpcxbench.serverkit.RequestInput;
import java.io.IOException;

/**
 * The server's side of {@link Frames}: a request's bytes read as they arrive within the server
 * kit's budget, never allocated at the announced length; a bad length is the kit's bad input.
 */
final class ServerFrames {
  private ServerFrames() {}

  /** The next request's bytes, or null at a clean end of stream (between frames). */
  static byte[] read(RequestInput in, int max) throws IOException {
    int length;
    try {
      length = Frames.readLength(in, max);
    } catch (Frames.BadFrameException e) {
      throw new BadInputException(e.getMessage());
    }
    return length < 0 ? null : in.readFrame(length);
  }
}
