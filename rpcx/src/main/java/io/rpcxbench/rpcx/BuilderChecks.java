package io.rpcxbench.rpcx;

import java.time.Duration;

/** The argument checks the client and server builders share, with one wording. */
final class BuilderChecks {
  /** Below this a frame could not hold even an empty request. */
  private static final int MIN_FRAME_LENGTH = 16;

  private BuilderChecks() {}

  static int atLeast(int value, int min, String name) {
    if (value < min) {
      throw new IllegalArgumentException(name + " must be >= " + min + ", got " + value);
    }
    return value;
  }

  static int maxFrameLength(int bytes) {
    return atLeast(bytes, MIN_FRAME_LENGTH, "maxFrameLength");
  }

  static Duration notNegative(Duration duration, String name) {
    if (duration == null || duration.isNegative()) {
      throw new IllegalArgumentException(name + " must be >= 0, got " + duration);
    }
    return duration;
  }

  static Duration positive(Duration duration, String name) {
    if (duration == null || duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, got " + duration);
    }
    return duration;
  }
}
