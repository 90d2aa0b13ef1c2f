package io.rpcxbench.link;

import java.util.Map;

/**
 * One direction of a link, as netem and tbf shape it: delay with jitter, loss, reordering,
 * duplication and a rate. Durations in nanoseconds, shares in 0..1, rate 0 = not limited.
 */
public record LinkDirection(
    long delayNanos,
    long jitterNanos,
    String distribution,
    double loss,
    double lossCorrelation,
    double reorder,
    double duplicate,
    long rateBitsPerSecond) {

  /** The settings' names, in the table's column order (lab.sh's SETTINGS). */
  static final String[] SETTINGS = {
    "delay", "jitter", "distribution", "loss", "loss_correlation", "reorder", "duplicate", "rate"
  };

  public LinkDirection {
    if (!distribution.matches("-|normal|pareto|paretonormal|uniform")) {
      throw new IllegalArgumentException(
          "distribution must be normal, pareto, paretonormal or uniform, got '"
              + distribution
              + "'");
    }
  }

  /** A direction from the table's text values, keyed by {@link #SETTINGS}. */
  static LinkDirection of(Map<String, String> v) {
    return new LinkDirection(
        LinkUnits.nanos("delay", v.get("delay")),
        LinkUnits.nanos("jitter", v.get("jitter")),
        v.get("distribution"),
        LinkUnits.share("loss", v.get("loss")),
        LinkUnits.share("loss_correlation", v.get("loss_correlation")),
        LinkUnits.share("reorder", v.get("reorder")),
        LinkUnits.share("duplicate", v.get("duplicate")),
        LinkUnits.bitsPerSecond("rate", v.get("rate")));
  }

  /** This direction with one setting changed (a text value, as on the command line). */
  LinkDirection with(String setting, String value) {
    Map<String, String> v = new java.util.HashMap<>(texts());
    if (!v.containsKey(setting)) {
      throw new IllegalArgumentException("unknown link setting '" + setting + "'");
    }
    v.put(setting, value);
    return of(v);
  }

  /** The settings as the table writes them, keyed by {@link #SETTINGS}. */
  public Map<String, String> texts() {
    return Map.of(
        "delay", LinkUnits.duration(delayNanos),
        "jitter", LinkUnits.duration(jitterNanos),
        "distribution", distribution,
        "loss", LinkUnits.share(loss),
        "loss_correlation", LinkUnits.share(lossCorrelation),
        "reorder", LinkUnits.share(reorder),
        "duplicate", LinkUnits.share(duplicate),
        "rate", LinkUnits.rate(rateBitsPerSecond));
  }

  /** "delay=20ms jitter=2ms ... rate=100mbit", the lab's state-file form. */
  public String describe() {
    Map<String, String> t = texts();
    StringBuilder out = new StringBuilder();
    for (String s : SETTINGS) {
      out.append(out.isEmpty() ? "" : " ").append(s).append('=').append(t.get(s));
    }
    return out.toString();
  }

  /** What only packets can have: a proxy carries TCP's bytes, which are never lost or reordered. */
  public boolean needsPackets() {
    return loss > 0 || reorder > 0 || duplicate > 0;
  }
}
