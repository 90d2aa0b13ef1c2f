package io.rpcxbench.runner.choose;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the link alone takes, before any RPC stack: every call needs at least one round trip, so an
 * SLO at or below the link's measured round trip cannot be met at any rate, by any protocol. {@code
 * choose} asks before it searches (a search against such a target once halved its rate from 2,000
 * to 31 calls/s for every candidate), and stops with one line and the figures instead.
 *
 * <pre>{@code
 * LinkFloor.of(target.linkProvenance("cross-az"))   // from the link-shaper's own measurement
 *     .map(f -> f.refusal(slo));                     // "the link alone takes 2.07 ms ..." or null
 * }</pre>
 *
 * @param rttMs the link's measured round trip (median of the link probe's), ms
 * @param check the link check's verdict: {@code ok}, or {@code off: ...} when off its profile
 */
record LinkFloor(double rttMs, String check) {
  /** The floor the facts of a shaped link give; empty without a measured round trip. */
  static Optional<LinkFloor> of(Map<String, String> linkFacts) {
    String rtt = linkFacts.get("link_rtt_measured_ms");
    if (rtt == null) {
      return Optional.empty();
    }
    try {
      double ms = Double.parseDouble(rtt);
      return Double.isFinite(ms) && ms > 0
          ? Optional.of(new LinkFloor(ms, linkFacts.getOrDefault("link_rtt_check", "")))
          : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Why {@code slo} cannot be met over this link, in one line; null when it can be. */
  String refusal(Slo slo) {
    double limitMs = slo.limitMicros() / 1000;
    if (limitMs > rttMs) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "infeasible: %s is at or below what the link alone takes (a round trip of %.3f ms,"
            + " measured before any RPC%s): no protocol can meet it at any rate; nothing searched"
            + " (loosen --slo, or choose another --profile)",
        slo.text(),
        rttMs,
        check.startsWith("off") ? "; " + check : "");
  }

  /** A warning when the SLO leaves little room beyond the link (under twice its round trip). */
  String tightness(Slo slo) {
    double limitMs = slo.limitMicros() / 1000;
    if (limitMs <= rttMs || limitMs >= 2 * rttMs) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "note: the link alone takes %.3f ms of %s's %.3f ms: %.0f %% of the target is the network%s",
        rttMs,
        slo.text(),
        limitMs,
        100 * rttMs / limitMs,
        check.startsWith("off") ? " (" + check + ")" : "");
  }
}
