package io.rpcxbench.runner.sweep;

import io.rpcxbench.harness.config.Call;
import io.rpcxbench.harness.config.MessageCall;
import io.rpcxbench.harness.protocol.CallKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The call {@code choose} measures: its harness options and its label on the page ({@code hello},
 * {@code echo 64 B}, {@code put 512 B}, {@code items(10)}, {@code message Order (echo)}); and what
 * the servers of a sweep or choose need to answer it ({@link #serverArgs}).
 */
public record Workload(String label, List<String> args) {
  public Workload {
    args = List.copyOf(args);
  }

  /** The call {@code call}: its options as its writer writes them, its label. */
  public static Workload of(Call call) {
    return new Workload(call.label(), call.args());
  }

  /** The user's own message ({@code --call message}, docs/messages.md). */
  public static Workload message(MessageCall m) {
    List<String> args = new ArrayList<>(new Call(CallKind.MESSAGE, null, null).args());
    args.addAll(m.options());
    return new Workload("message " + m.shape().name() + " (" + m.reply().id() + ")", args);
  }

  /**
   * The server kit's options the harness's options call for: {@code --message} (with its file's
   * path absolute) when the harness sends a message, so that the servers a sweep or choose starts
   * publish the message it sends; else none.
   */
  public static List<String> serverArgs(List<String> harnessOptions) {
    for (int i = 0; i < harnessOptions.size(); i++) {
      String o = harnessOptions.get(i);
      if (o.startsWith("--message=")) {
        return List.of("--message", MessageCall.absoluteSpec(o.substring("--message=".length())));
      }
      if (o.equals("--message") && i + 1 < harnessOptions.size()) {
        return List.of("--message", MessageCall.absoluteSpec(harnessOptions.get(i + 1)));
      }
    }
    return List.of();
  }
}
