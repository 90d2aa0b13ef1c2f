package io.rpcxbench.harness;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.harness.spi.BenchClient;
import java.util.Arrays;

/** What each call sends, and how its reply is checked: every reply is checked. */
enum CallKind {
  /** hello(name) with a name unique per call, so a reply meant for another call is caught. */
  HELLO {
    @Override
    void invoke(BenchClient client, String namePrefix, int sequence, byte[] payload) {
      String name = namePrefix + sequence;
      String reply = client.hello(name);
      String expected = BenchContract.helloReply(name);
      if (!expected.equals(reply)) {
        throw new WrongReplyException("expected '" + expected + "', got '" + reply + "'");
      }
    }
  },
  /** echo(payload): the same bytes must come back. */
  ECHO {
    @Override
    void invoke(BenchClient client, String namePrefix, int sequence, byte[] payload) {
      byte[] reply = client.echo(payload);
      if (!Arrays.equals(payload, reply)) {
        throw new WrongReplyException(
            "echo of "
                + payload.length
                + " bytes came back "
                + (reply == null ? "null" : "as " + reply.length + " different bytes"));
      }
    }
  };

  /** Makes one call; throws on failure or on a wrong reply. */
  abstract void invoke(BenchClient client, String namePrefix, int sequence, byte[] payload);

  String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** A reply that arrived but is not the right answer: counts as an error. */
  static final class WrongReplyException extends RuntimeException {
    WrongReplyException(String message) {
      super("wrong reply: " + message);
    }
  }
}
