package io.rpcxbench.runner.choose;

import java.util.LinkedHashMap;
import java.util.Map;

/** One search's probes: what each rate gave, for the ledger's limited-by and note. */
final class ProbeLog {
  private final Map<Integer, Slo.Verdict> byRate = new LinkedHashMap<>();
  private int probes;
  private int noData;

  /** A probe's verdict; a rate probed again keeps its latest. */
  void add(int rate, Slo.Verdict verdict) {
    byRate.put(rate, verdict);
    probes++;
    if (verdict.noData()) {
      noData++;
    }
  }

  /** The probes so far, repeats included. */
  int size() {
    return probes;
  }

  /** What limited the probe at {@code rate} (the failure just above the capacity), or "". */
  String limitedByAt(int rate) {
    Slo.Verdict v = byRate.get(rate);
    return v == null ? "" : v.limitedBy();
  }

  /** Why the latest probe at {@code rate} went as it did, or "". */
  String whyAt(int rate) {
    Slo.Verdict v = byRate.get(rate);
    return v == null ? "" : v.why();
  }

  /**
   * Why the failure above the capacity failed, how many probes ran on a contended box and how many
   * gave no data (probed again).
   */
  String note(CapacitySearch.Result r) {
    StringBuilder b = new StringBuilder();
    Slo.Verdict failed = byRate.get(r.failedAt());
    if (failed != null) {
      b.append("at ").append(r.failedAt()).append("/s: ").append(failed.why());
    }
    long contended = byRate.values().stream().filter(Slo.Verdict::contended).count();
    if (contended > 0) {
      b.append(b.length() == 0 ? "" : "; ").append(contended).append(" probes contended");
    }
    if (noData > 0) {
      b.append(b.length() == 0 ? "" : "; ")
          .append(noData)
          .append(noData == 1 ? " probe" : " probes")
          .append(" gave no data (probed again)");
    }
    return b.toString();
  }
}
