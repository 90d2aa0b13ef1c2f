package io.rpcxbench.verdict.choose;

import io.rpcxbench.raw.ChooseFacts;
import io.rpcxbench.raw.ChooseFacts.Key;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Sequential;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code rpcx-bench choose} did, from its folder's {@code choose.properties}: the workload,
 * the SLO, the rounds and their design, the shared load, the candidates in the order given (a
 * repeated id's second copy named {@code rpcx#2}, as the folder names it), where it ran and its
 * thresholds.
 *
 * <pre>{@code
 * ChooseRecord s = ChooseRecord.read(Path.of("results/choose/20261123T160000Z"));
 * s.sloText();      // "p99 <= 5 ms"
 * s.candidates();   // [rpcx, grpc-tuned, rpcx#2]
 * }</pre>
 */
public record ChooseRecord(
    String workload,
    String slo,
    Double sloPercentile,
    Double sloLimitUs,
    String maxErrors,
    String maxDrop,
    String resolution,
    String rounds,
    Double sharedRate,
    List<String> candidates,
    String target,
    String network,
    String started,
    String ended,
    String stopped,
    List<String> thresholds,
    Sequential design) {

  static final String FILE = ChooseFacts.FILE;

  /**
   * Reads {@code dir/choose.properties} ({@link ChooseFacts}, the one declared format the harness
   * writes).
   *
   * @throws IOException when it is missing or unreadable, names no candidate, or a number is not
   */
  public static ChooseRecord read(Path dir) throws IOException {
    ChooseFacts f = ChooseFacts.read(dir);
    List<String> candidates = copies(f.text(Key.CANDIDATES, ""));
    if (candidates.isEmpty()) {
      throw new IOException(dir.resolve(FILE) + ": no candidates");
    }
    try {
      return new ChooseRecord(
          f.text(Key.WORKLOAD, "the workload"),
          f.text(Key.SLO, ""),
          f.number(Key.SLO_PERCENTILE),
          f.number(Key.SLO_LIMIT_US),
          f.text(Key.MAX_ERRORS, ""),
          f.text(Key.MAX_DROP, ""),
          f.text(Key.RESOLUTION, ""),
          f.text(Key.ROUNDS, ""),
          f.number(Key.SHARED_RATE),
          candidates,
          f.text(Key.TARGET, "local"),
          f.text(Key.NETWORK, ""),
          f.text(Key.STARTED, ""),
          f.text(Key.ENDED, ""),
          f.text(Key.STOPPED, ""),
          f.thresholds(),
          design(f));
    } catch (IllegalArgumentException e) {
      throw new IOException(dir.resolve(FILE) + ": " + e.getMessage(), e);
    }
  }

  /**
   * The rounds' design: planned, and at most while a pair was undecided (the level of every test of
   * the page follows from it, {@link Sequential#alpha}); a folder from before rounds were added had
   * one look.
   */
  private static Sequential design(ChooseFacts f) {
    Integer planned = f.integer(Key.PLANNED_ROUNDS);
    Integer most = f.integer(Key.MAX_ROUNDS);
    if (planned == null || most == null || planned < 1 || most < planned) {
      return Sequential.fixed(most == null ? 1 : Math.max(1, most));
    }
    return new Sequential(planned, most);
  }

  /** {@code rpcx,grpc,rpcx}: [rpcx, grpc, rpcx#2]; a name already numbered is kept. */
  static List<String> copies(String list) {
    List<String> out = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String id : list.split(",")) {
      String t = id.trim();
      if (t.isEmpty()) {
        continue;
      }
      int n = seen.merge(t, 1, Integer::sum);
      out.add(n == 1 ? t : t + "#" + n);
    }
    return List.copyOf(out);
  }

  /** The protocol id of a candidate: {@code rpcx} for {@code rpcx#2}. */
  public static String protocol(String candidate) {
    int hash = candidate.indexOf('#');
    return hash < 0 ? candidate : candidate.substring(0, hash);
  }

  /** {@code p99 <= 5 ms}, from the percentile and limit; the SLO as typed without them. */
  public String sloText() {
    if (sloPercentile == null || sloLimitUs == null) {
      return slo.isEmpty() ? "its SLO" : slo;
    }
    String p = "p" + Num.fixed(sloPercentile, sloPercentile == Math.rint(sloPercentile) ? 0 : 1);
    return p + " <= " + duration(sloLimitUs);
  }

  /** {@code 5 ms}, {@code 2.5 ms}, {@code 800 µs}, {@code 1 s}. */
  static String duration(double us) {
    if (us >= 1_000_000 && us % 100_000 == 0) {
      return trim(us / 1_000_000) + " s";
    }
    if (us >= 1000 && us % 100 == 0) {
      return trim(us / 1000) + " ms";
    }
    return trim(us) + " µs";
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Num.fixed(v, 0) : Num.fixed(v, 1);
  }

  /** {@code local/loopback}, {@code lab}. */
  public String where() {
    return network.isEmpty() ? target : target + "/" + network;
  }
}
