package io.rpcxbench.harness;

import io.rpcxbench.harness.config.DurationConverter;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.config.Target;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.Reachability;
import io.rpcxbench.spi.BenchClient;
import java.io.PrintWriter;

/** One call before a point's order 0: the server answers, and answers rightly; else one line. */
final class ServerProbe {
  private final RunConfig config;
  private final PrintWriter err;

  ServerProbe(RunConfig config, PrintWriter err) {
    this.config = config;
    this.err = err;
  }

  /** True if {@code client}'s server answered the probe rightly; else the reason on stderr. */
  boolean answers(BenchClient client, CallKind.CallInput input, String where) {
    try {
      try {
        config
            .load()
            .call()
            .invoke(client.forProbe(config.target().connectTimeout()), input, "probe", 0);
      } catch (RuntimeException e) {
        if (!Reachability.isTimeout(e)
            || config.target().timeout().compareTo(config.target().connectTimeout()) <= 0) {
          throw e;
        }
        // A cold client on a busy host (class loading, channel set-up) may need more than the
        // connect deadline for its first answer: a second try within the call deadline. A
        // refused or reset connection is never retried.
        config.load().call().invoke(client, input, "probe", 1);
      }
      return true;
    } catch (CallKind.WrongReplyException e) {
      err.println(where + " answered wrongly: " + Reachability.describe(e));
    } catch (RuntimeException e) {
      if (Reachability.isTimeout(e)
          && config.target().timeout().compareTo(Target.MAX_CONNECT_TIMEOUT) < 0) {
        // A short --timeout bounds the connect too: that is no proof the server is unreachable.
        err.println(
            "no reply from "
                + where
                + " within --timeout "
                + DurationConverter.format(config.target().timeout())
                + " (the connect alone may take longer; try a longer --timeout): "
                + Reachability.describe(e));
      } else {
        err.println("cannot reach " + where + ": " + Reachability.describe(e));
      }
    }
    return false;
  }
}
