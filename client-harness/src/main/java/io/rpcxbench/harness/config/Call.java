package io.rpcxbench.harness.config;

import io.rpcxbench.harness.protocol.CallKind;
import java.util.ArrayList;
import java.util.List;

/**
 * What every call of a point is: its kind, and the payload size and item count it was given (null:
 * the call's default, or on a sweep a dimension of its own). Built by {@link CallOptions}; written
 * by {@link #args()}, the one writer of these options, which the harness's own {@code # options:}
 * line uses too ({@link Load}).
 *
 * <pre>{@code
 * new Call(CallKind.ECHO, 1024, null).args();    // --call echo --payload 1024
 * new Call(CallKind.ITEMS, null, 10).label();    // items(10)
 * }</pre>
 */
public record Call(CallKind kind, Integer payload, Integer items) {
  /** The paper's call: hello, nothing else given. */
  public static final Call HELLO = new Call(CallKind.HELLO, null, null);

  /** The harness options: {@code --call}, then the size and count given. */
  public List<String> args() {
    List<String> args = new ArrayList<>(List.of("--call", kind.id()));
    if (payload != null) {
      args.addAll(List.of("--payload", payload.toString()));
    }
    if (items != null) {
      args.addAll(List.of("--items", items.toString()));
    }
    return args;
  }

  /** Its name on a page: {@code hello}, {@code echo 64 B}, {@code items(10)}. */
  public String label() {
    String label = kind.id();
    if (items != null) {
      label = label + "(" + items + ")";
    }
    if (payload != null) {
      label = label + " " + payload + " B";
    }
    return label;
  }
}
