package io.rpcxbench.spi;

import java.util.Objects;

/**
 * Whether a protocol carries a user's own message ({@code --call message}, docs/messages.md):
 * encoded by the protocol's own library from a schema read at run time, decoded and re-encoded by
 * its server. A protocol that cannot says why; the catalog prints the reason and the harness skips
 * the protocol with it.
 *
 * <pre>{@code
 * MessageSupport.notCarried("Cap'n Proto's Java runtime has no dynamic (schema-at-run-time) API");
 * }</pre>
 *
 * @param carried true when the protocol's client and server carry the message
 * @param reason why not, one line; empty when carried
 */
public record MessageSupport(boolean carried, String reason) {
  /** What a protocol that has written no message carrier says. */
  public static final String NO_CARRIER = "no message carrier written for this protocol yet";

  public MessageSupport {
    Objects.requireNonNull(reason, "reason");
    if (!carried && reason.isBlank()) {
      throw new IllegalArgumentException("a protocol that carries no message says why");
    }
  }

  public static MessageSupport carriedHere() {
    return new MessageSupport(true, "");
  }

  public static MessageSupport notCarried(String reason) {
    return new MessageSupport(false, reason);
  }

  /** {@code "yes"} or {@code "no: <reason>"}, as the catalog prints it. */
  public String describe() {
    return carried ? "yes" : "no: " + reason;
  }
}
