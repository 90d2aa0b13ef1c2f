package io.rpcxbench.harness.runner.sweep;

import io.rpcxbench.harness.runner.point.AxisValue;
import java.util.List;

/**
 * A dimension of the sweep that is a harness option given several values ({@code --payload
 * 0,1024,16384}): every point of the plan runs once per value, the values innermost but for the
 * network profile. A new dimension of this kind is one list option in {@link PassThroughOptions}
 * whose values become an axis there; the plan, the point's arguments, its label and series follow.
 *
 * <pre>{@code
 * new Axis("--payload", List.of("0", "1024")).at(1);   // AxisValue[--payload, 1024]
 * }</pre>
 */
record Axis(String option, List<String> values) {
  Axis {
    values = List.copyOf(values);
    if (values.isEmpty()) {
      throw new IllegalArgumentException(option + " has no values");
    }
  }

  AxisValue at(int i) {
    return new AxisValue(option, values.get(i));
  }
}
