package io.rpcxbench.harness.runner.sweep;

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

  public static Workload of(String call, Integer items, Integer payload) {
    if ((items != null && items < 0) || (payload != null && payload < 0)) {
      throw new IllegalArgumentException("--items and --payload must be integers >= 0");
    }
    if (call == null) {
      if (items != null || payload != null) {
        throw new IllegalArgumentException(
            (items != null ? "--items" : "--payload")
                + " needs --call (e.g. --call items --items 10)");
      }
      return new Workload("hello", List.of());
    }
    CallKind kind = CallKind.byId(call);
    String ignored = kind == null ? null : kind.ignoredOption(payload != null, items != null);
    if (ignored != null) {
      throw new IllegalArgumentException(ignored);
    }
    List<String> args = new ArrayList<>(List.of("--call", call));
    String label = call;
    if (items != null) {
      args.addAll(List.of("--items", items.toString()));
      label = call + "(" + items + ")";
    }
    if (payload != null) {
      args.addAll(List.of("--payload", payload.toString()));
      label = label + " " + payload + " B";
    }
    return new Workload(label, args);
  }

  /** The user's own message ({@code --call message}, docs/messages.md). */
  public static Workload message(MessageCall m) {
    List<String> args = new ArrayList<>(List.of("--call", "message"));
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
