package io.rpcxbench.runner.point;

import java.util.List;

/**
 * Where a point stands on one of the sweep's own dimensions: a harness option and the value this
 * point gives it ({@code --payload 1024}). The harness records it in the point's identity, so the
 * point's file, its series in the report and the sweep's skip rules and ETA all tell it apart.
 *
 * <pre>{@code
 * AxisValue v = new AxisValue("--payload", "1024");
 * v.args();   // [--payload, 1024]
 * v.label();  // "payload=1024"
 * }</pre>
 */
public record AxisValue(String option, String value) {
  /** The harness arguments that put a point there. */
  public List<String> args() {
    return List.of(option, value);
  }

  /** The option without its dashes, then its value: {@code payload=1024}. */
  public String label() {
    return option.replaceFirst("^--", "") + "=" + value;
  }
}
