package io.rpcxbench.harness.config;

import java.util.Locale;

/** What {@code --time-limit} bounds: the whole point (the paper's 600 s) or each run. */
public enum TimeLimitPer {
  /** From the harness's start to the last run's last reply. */
  POINT,
  /** From each run's release to its last reply. */
  RUN;

  /**
   * The value whose {@link #id()} is {@code id}, in any case.
   *
   * @throws IllegalArgumentException naming the two ids
   */
  public static TimeLimitPer of(String id) {
    for (TimeLimitPer t : values()) {
      if (t.id().equalsIgnoreCase(id.trim())) {
        return t;
      }
    }
    throw new IllegalArgumentException("'" + id + "' is not point or run");
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
