package io.rpcxbench.link;

import java.util.Locale;

/**
 * The one rule for whether a link is on its profile, whoever measured it (the lab's probes,
 * deploy/lab.sh through {@code link-shaper --check-rtt/--check-rate}; a point's link probe in the
 * runner): the RTT it adds within 25 % of the profile's or 0.3 ms, whichever is larger (timer and
 * scheduling slack on a shared 2-vCPU box); the rate within 10 %. Beside that gross rule, the
 * accuracy the packet link is built to: the added RTT within 2 % or 20 us at the median, judged
 * only on a native probe's {@value #ACCURACY_ROUND_TRIPS} round trips or more (fewer, or a JVM's,
 * cannot resolve 20 us), and reported, never refused: a busy box misses it, and says so.
 *
 * <pre>{@code
 * LinkTolerance.rtt(41.2, 40);  // "ok"
 * LinkTolerance.rtt(0.9, 0.2);  // "off: the link added 0.900 ms, the profile 0.200 ms (tolerance 0.300 ms)"
 * LinkTolerance.emulator(12.5, 80.0, 2.0);  // "ok" (a round trip 25 us late at the median)
 * LinkTolerance.rttAccuracy(40.6, 40, 1000);  // "held: the link added 40.600 ms, ..."
 * LinkTolerance.rttAccuracy(0.265, 0.2, 1000); // "the box could not hold it: ..."
 * }</pre>
 */
public final class LinkTolerance {
  /** Share of the profile's added RTT a measured one may differ by. */
  public static final double RTT_SHARE = 0.25;

  /** Never less than this (ms): below it the probe's own noise decides. */
  public static final double RTT_MIN_MS = 0.3;

  /** Share of the profile's added RTT the accuracy rule allows. */
  public static final double ACCURACY_SHARE = 0.02;

  /** The accuracy rule's floor (ms). */
  public static final double ACCURACY_MIN_MS = 0.020;

  /** Round trips a probe must time before the accuracy rule judges its median. */
  public static final int ACCURACY_ROUND_TRIPS = 1000;

  /** Share of the profile's rate a measured one may differ by. */
  public static final double RATE_SHARE = 0.10;

  private LinkTolerance() {}

  /** How far the added RTT may be from {@code expectedAddedMs}. */
  public static double rttAllowedMs(double expectedAddedMs) {
    return Math.max(RTT_SHARE * expectedAddedMs, RTT_MIN_MS);
  }

  /** {@code ok}, or {@code off: ...} naming both figures and the tolerance. */
  public static String rtt(double addedMs, double expectedAddedMs) {
    double allowed = rttAllowedMs(expectedAddedMs);
    return Math.abs(addedMs - expectedAddedMs) <= allowed
        ? "ok"
        : String.format(
            Locale.ROOT,
            "off: the link added %.3f ms, the profile %.3f ms (tolerance %.3f ms)",
            addedMs,
            expectedAddedMs,
            allowed);
  }

  /**
   * The accuracy rule: {@code held: ...}, {@code the box could not hold it: ...} (both naming the
   * figures, the tolerance and the round trips), or {@code unjudged: ...} when fewer than {@value
   * #ACCURACY_ROUND_TRIPS} round trips were timed.
   */
  public static String rttAccuracy(double addedMs, double expectedAddedMs, int roundTrips) {
    double allowed = Math.max(ACCURACY_SHARE * expectedAddedMs, ACCURACY_MIN_MS);
    if (roundTrips < ACCURACY_ROUND_TRIPS) {
      return String.format(
          Locale.ROOT,
          "unjudged: %d round trips cannot resolve +-%.3f ms (the native probe times %d)",
          roundTrips,
          allowed,
          ACCURACY_ROUND_TRIPS);
    }
    return String.format(
        Locale.ROOT,
        "%s: the link added %.3f ms, the profile %.3f ms (tolerance +-%.3f ms, %d round trips)",
        Math.abs(addedMs - expectedAddedMs) <= allowed + 1e-9
            ? "held"
            : "the box could not hold it",
        addedMs,
        expectedAddedMs,
        allowed,
        roundTrips);
  }

  /**
   * Whether a packet emulator held its profile while a point ran, from how late it released that
   * point's packets: a round trip crosses it twice, so twice the median lateness is what it added
   * to the median RTT beyond the profile, judged by the same tolerance as {@link #rtt}. {@code ok},
   * or {@code off: ...} naming the lateness (median and 99th percentile) and the tolerance.
   */
  public static String emulator(double lateP50Us, double lateP99Us, double expectedAddedMs) {
    double allowed = rttAllowedMs(expectedAddedMs);
    double addedMs = 2 * lateP50Us / 1000;
    return addedMs <= allowed
        ? "ok"
        : String.format(
            Locale.ROOT,
            "off: the emulator released this point's packets late by %.0f us at the median and"
                + " %.0f us at the 99th percentile, adding about %.3f ms to the round trip"
                + " (tolerance %.3f ms): the box could not hold the profile",
            lateP50Us,
            lateP99Us,
            addedMs,
            allowed);
  }

  /** {@code ok}, or {@code off: ...} naming both rates (bits/s) and the tolerance. */
  public static String rate(double measuredBps, double profileBps) {
    return Math.abs(measuredBps - profileBps) <= RATE_SHARE * profileBps
        ? "ok"
        : String.format(
            Locale.ROOT,
            "off: the link moved %.2fmbit, the profile %.2fmbit (tolerance %d %%)",
            measuredBps / 1e6,
            profileBps / 1e6,
            Math.round(RATE_SHARE * 100));
  }
}
