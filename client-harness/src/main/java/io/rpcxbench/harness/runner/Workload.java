package io.rpcxbench.harness.runner;

import io.rpcxbench.harness.protocol.CallKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The call {@code choose} measures: its harness options and its label on the page ({@code hello},
 * {@code echo 64 B}, {@code put 512 B}, {@code items(10)}).
 */
record Workload(String label, List<String> args) {
  Workload {
    args = List.copyOf(args);
  }

  static Workload of(String call, Integer items, Integer payload) {
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
}
