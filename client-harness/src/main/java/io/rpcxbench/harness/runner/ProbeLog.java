package io.rpcxbench.harness.runner;

import java.util.LinkedHashMap;
import java.util.Map;

/** One search's probes: what each rate gave, for the ledger's limited-by and note. */
final class ProbeLog {
  private final Map<Integer, Slo.Verdict> byRate = new LinkedHashMap<>();

  void add(int rate, Slo.Verdict verdict) {
    byRate.put(rate, verdict);
  }

  /** What limited the probe at {@code rate} (the failure just above the capacity), or "". */
  String limitedByAt(int rate) {
    Slo.Verdict v = byRate.get(rate);
    return v == null ? "" : v.limitedBy();
  }

  /** Why the failure above the capacity failed, and how many probes ran on a contended box. */
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
    return b.toString();
  }
}
