package io.rpcxbench.runner.sweep;

import io.rpcxbench.runner.point.AxisValue;
import java.util.List;

/**
 * A dimension of the sweep that is a harness option given several values ({@code --payload
 * 0,1024,16384}): every point of the plan runs once per value, the values innermost but for the
 * network profile. A new dimension of this kind is one list option of the harness's groups ({@code
 * CallOptions}) whose values become an axis ({@link #of}); the plan, the point's arguments, its
 * label and series follow.
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

  /**
   * The axis of {@code option} given {@code values}; none for one value or none (a point's own).
   *
   * @throws IllegalArgumentException for a value given twice
   */
  static List<Axis> of(String option, List<?> values) {
    if (values.size() < 2) {
      return List.of();
    }
    if (values.stream().distinct().count() < values.size()) {
      throw new IllegalArgumentException(option + " names a value twice: " + values);
    }
    return List.of(new Axis(option, values.stream().map(String::valueOf).toList()));
  }

  AxisValue at(int i) {
    return new AxisValue(option, values.get(i));
  }
}
