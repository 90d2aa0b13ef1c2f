package io.rpcxbench.verdict.map;

import io.rpcxbench.stats.Estimate;
import io.rpcxbench.verdict.choose.ChooseOutcome;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The roofline of an RPC over a link: the highest rate a candidate can sustain there is bounded by
 *
 * <ul>
 *   <li><b>cpu</b>: what it sustains where the link takes nothing (its capacity measured at the
 *       map's reference condition: the least round trip, loss and jitter, the most bandwidth);
 *   <li><b>in flight</b>: Little's law, the calls the client keeps outstanding (its in-flight cap)
 *       over the round trip, since no call returns sooner;
 *   <li><b>bandwidth</b>: the link's rate over the bytes a call puts on the wire each way (the
 *       server's bytes in and out per call, plus {@link #HEADERS} of TCP/IP and Ethernet headers);
 *   <li><b>loss</b>: TCP's throughput under random loss (Mathis et al.: MSS / RTT x sqrt(3/2p) a
 *       connection) over the bytes of a call;
 *   <li><b>latency</b>: zero where the round trip alone exceeds the SLO's limit.
 * </ul>
 *
 * The least of them is the bound and names what binds. A measured capacity can lie under it (the
 * SLO's percentile asks for headroom the bound does not count) but not above it: a capacity above
 * its bound is a finding about the model.
 *
 * <pre>{@code
 * LinkModel.Bound b = LinkModel.bound(reference, here, values, sloUs);
 * b.calls();    // 25600.0
 * b.binding();  // "in flight"
 * }</pre>
 */
final class LinkModel {
  /** Bytes of headers a call's segment carries: Ethernet 14 + IPv4 20 + TCP with timestamps 32. */
  static final double HEADERS = 66;

  /** TCP's maximum segment on a 1500-byte MTU, with timestamps. */
  static final double MSS = 1448;

  private LinkModel() {}

  /** The bound, what binds it, and every term that could be computed (calls/s). */
  record Bound(double calls, String binding, Map<String, Double> terms) {}

  /**
   * A candidate's bound at a condition.
   *
   * @param reference the candidate at the map's reference condition (its capacity is the cpu term)
   * @param here the candidate at this condition (its bytes and connections where measured; null)
   * @param rttMs the round trip at this condition (the link's own and what the profile adds)
   * @param loss the share of packets lost, each way
   * @param rateBps the link's rate (null: not limited)
   * @param sloLimitUs the SLO's latency limit (null: none)
   */
  static Bound bound(
      ChooseOutcome.Candidate reference,
      ChooseOutcome.Candidate here,
      double rttMs,
      double loss,
      Double rateBps,
      Double sloLimitUs) {
    Map<String, Double> terms = new LinkedHashMap<>();
    Double cpu = reference == null ? null : reference.capacity().value();
    if (cpu != null) {
      terms.put("cpu", cpu);
    }
    Integer cap = pick(here, reference, ChooseOutcome.Candidate::inFlightCap);
    if (cap != null && rttMs > 0) {
      terms.put("in flight", cap / (rttMs / 1000));
    }
    Double in = value(pick(here, reference, ChooseOutcome.Candidate::bytesInPerCall));
    Double out = value(pick(here, reference, ChooseOutcome.Candidate::bytesOutPerCall));
    if (rateBps != null && rateBps > 0 && (in != null || out != null)) {
      double up = in == null ? Double.POSITIVE_INFINITY : rateBps / 8 / (in + HEADERS);
      double down = out == null ? Double.POSITIVE_INFINITY : rateBps / 8 / (out + HEADERS);
      terms.put("bandwidth", Math.min(up, down));
    }
    if (loss > 0 && rttMs > 0 && (in != null || out != null)) {
      Double conns = value(pick(here, reference, ChooseOutcome.Candidate::connections));
      double bytes = Math.max(in == null ? 0 : in, out == null ? 0 : out) + HEADERS;
      double perConnection = MSS / (rttMs / 1000) * Math.sqrt(1.5 / loss);
      terms.put("loss", Math.max(1, conns == null ? 1 : conns) * perConnection / bytes);
    }
    if (sloLimitUs != null && rttMs * 1000 >= sloLimitUs) {
      terms.put("latency", 0.0);
    }
    String binding = "none";
    double least = Double.POSITIVE_INFINITY;
    for (Map.Entry<String, Double> t : terms.entrySet()) {
      if (t.getValue() < least) {
        least = t.getValue();
        binding = t.getKey();
      }
    }
    return new Bound(least, binding, terms);
  }

  /**
   * How a measured capacity stands against its bound: {@code within} (the bound inside its 95 %
   * interval), {@code below} (the interval under it), {@code above} (over it: the model misses
   * something), or {@code no interval}.
   */
  static String against(Estimate measured, Bound b) {
    if (measured == null || measured.value() == null || !Double.isFinite(b.calls())) {
      return "no bound";
    }
    if (b.calls() == 0) {
      return measured.value() == 0 ? "within" : "above";
    }
    if (!measured.hasInterval()) {
      return "no interval";
    }
    if (measured.low() > b.calls()) {
      return "above";
    }
    return measured.high() < b.calls() ? "below" : "within";
  }

  private static <T> T pick(
      ChooseOutcome.Candidate here,
      ChooseOutcome.Candidate reference,
      java.util.function.Function<ChooseOutcome.Candidate, T> f) {
    T v = here == null ? null : f.apply(here);
    if (v instanceof Estimate e && e.value() == null) {
      v = null;
    }
    return v != null ? v : reference == null ? null : f.apply(reference);
  }

  private static Double value(Estimate e) {
    return e == null || e.value() == null || !Double.isFinite(e.value()) ? null : e.value();
  }
}
