package io.rpcxbench.serverkit;

import java.io.IOException;

/**
 * What a {@link ThreadPerConnectionServer.Conversation} throws for bytes it will not read on: a
 * frame over its bound, a truncated or undecodable message. The server logs it as a warning and
 * closes that connection only.
 */
public class BadInputException extends IOException {
  private static final long serialVersionUID = 1L;

  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
