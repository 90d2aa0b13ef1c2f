package io.rpcxbench.runner.link;

import io.rpcxbench.link.NetworkProfile;
import java.util.List;
import java.util.Locale;

/**
 * The link-shaper's delay calibrated against its own measured cost: a proxy adds two loopback hops
 * and a JVM's wake-ups to every round trip (124 us here) and its timers wake late (+0.2 ms at 0.5
 * ms a way), so a shaper started with a profile's delay adds more than the profile asks. The runner
 * measures what it adds ({@link LinkProbe}), takes the excess off the delay, half each way, and
 * starts it again with {@code --up-delay}/{@code --down-delay}; a delay never goes below 0, so a
 * profile that asks less than the proxy's own cost (such as {@code lan}) stays above it, and its
 * check says so.
 *
 * <pre>{@code
 * ProxyCalibration c = ProxyCalibration.of(profile, 1.21, 1.0); // measured added, profile's
 * c.flags();    // [--up-delay, 395us, --down-delay, 395us]
 * }</pre>
 *
 * @param upDelayUs the one-way delay to give the shaper A -> B, us
 * @param downDelayUs the delay B -> A, us
 * @param excessMs what the first shaper added beyond the profile's round trip, ms
 */
record ProxyCalibration(long upDelayUs, long downDelayUs, double excessMs) {
  /** Below this excess (ms) the shaper is left as started: the probe's own resolution. */
  static final double SMALLEST_MS = 0.02;

  /** The calibration for {@code profile} after its shaper added {@code addedMs}; null if none. */
  static ProxyCalibration of(NetworkProfile profile, double addedMs, double expectedMs) {
    double excess = addedMs - expectedMs;
    if (expectedMs <= 0 || Math.abs(excess) < SMALLEST_MS) {
      return null;
    }
    long half = Math.round(excess * 1000 / 2);
    long up = Math.max(0, profile.up().delayNanos() / 1000 - half);
    long down = Math.max(0, profile.down().delayNanos() / 1000 - half);
    return new ProxyCalibration(up, down, excess);
  }

  /** The link-shaper's flags that set the calibrated delays. */
  List<String> flags() {
    return List.of("--up-delay", upDelayUs + "us", "--down-delay", downDelayUs + "us");
  }

  /** One line for the result files: what was changed and why. */
  String describe() {
    return String.format(
        Locale.ROOT,
        "delay set to %d us up, %d us down: the shaper as asked added %+.3f ms to the profile's"
            + " round trip (its own cost and late timers)",
        upDelayUs,
        downDelayUs,
        excessMs);
  }
}
