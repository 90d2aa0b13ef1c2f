package io.rpcxbench.harness.measure;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What held a run's throughput down: the client's CPU, the server's CPU, the link, none of them
 * (the calls waited on each other: latency-bound, e.g. one caller), or the machine (contended:
 * other work on the box, {@link MachineNoise}). A resource counts when it was busy at least {@value
 * #SATURATED_PERCENT} % of the run: its CPU time over the run's wall time and the cores it may use,
 * or the busier direction's bits over the link's rate; of several, the busiest. In the open loop a
 * generator that could not keep its schedule ({@link #SEND_LAG_BOUND_US}) is the limit too. Every
 * raw row names it ({@code limited_by}), so that no figure of the client library is read as one of
 * the server.
 *
 * <pre>{@code
 * LimitedBy.Usage u = LimitedBy.Usage.of(wallNanos, clientCpuNanos, 1, serverCpuNanos, 1, -1, Double.NaN);
 * LimitedBy.classify(u);         // CLIENT, SERVER, LINK or NONE
 * LimitedBy.classify(u, true);   // CONTENDED, unless the link was the limit
 * LimitedBy.classify(u, false, 2500);   // CLIENT where none was saturated: the open loop's
 *                                       // sends lagged 2.5 ms at p99 (> SEND_LAG_BOUND_US)
 * }</pre>
 */
public enum LimitedBy {
  CLIENT,
  SERVER,
  LINK,
  NONE,
  /** The box, not the protocol, was the limit: the run was contended ({@link MachineNoise}). */
  CONTENDED;

  static final int SATURATED_PERCENT = 90;

  /**
   * The open loop's bound on the generator's scheduling: a run whose sends lagged their intended
   * starts by more than this at the 99th percentile ({@value #SEND_LAG_BOUND_US} µs) did not offer
   * the schedule it was asked for, whatever its CPU share says, and is limited by the client.
   */
  public static final double SEND_LAG_BOUND_US = 1000;

  /** The open loop's column of the 99th percentile of send lag, µs. */
  public static final String SEND_LAG_P99 = "send_lag_p99_us";

  /** Share of a resource that counts as saturated. */
  static final double SATURATED = SATURATED_PERCENT / 100.0;

  /** As the {@code limited_by} column writes it: client, server, link, none, contended. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * How busy each resource was over a run, as a share of what it could give (1.0: all of it); NaN
   * when it was not measured (no {@code --server-pid}, no known link rate).
   */
  public record Usage(double client, double server, double link) {
    /**
     * From a run's figures.
     *
     * @param wallNanos the run's wall time
     * @param clientCpuNanos the client process's CPU time in the run
     * @param clientCores the cores the client may run on
     * @param serverCpuNanos the server's CPU time in the run, or -1 when not measured
     * @param serverCores the cores the server may run on
     * @param linkBytes bytes the busier direction of the link carried in the run, or -1
     * @param linkBitsPerSecond the link's rate, NaN when unknown
     */
    public static Usage of(
        long wallNanos,
        long clientCpuNanos,
        int clientCores,
        long serverCpuNanos,
        int serverCores,
        long linkBytes,
        double linkBitsPerSecond) {
      double wall = Math.max(1, wallNanos);
      double client = clientCpuNanos / wall / Math.max(1, clientCores);
      double server =
          serverCpuNanos < 0 ? Double.NaN : serverCpuNanos / wall / Math.max(1, serverCores);
      double link =
          linkBytes < 0 || !(linkBitsPerSecond > 0)
              ? Double.NaN
              : linkBytes * 8.0 / (wall / 1e9) / linkBitsPerSecond;
      return new Usage(client, server, link);
    }
  }

  /**
   * The saturated resource (at least {@link #SATURATED} busy), the busiest when several are; on a
   * tie the server before the link before the client. NONE when none is.
   */
  public static LimitedBy classify(Usage u) {
    LimitedBy limit = NONE;
    double most = SATURATED;
    // in the order ties are broken: the first at a given share wins
    for (LimitedBy candidate : new LimitedBy[] {SERVER, LINK, CLIENT}) {
      double share =
          switch (candidate) {
            case SERVER -> u.server();
            case LINK -> u.link();
            default -> u.client();
          };
      if (!Double.isNaN(share) && (share > most || (limit == NONE && share >= most))) {
        limit = candidate;
        most = share;
      }
    }
    return limit;
  }

  /**
   * As {@link #classify(Usage)}, but a contended run is {@code CONTENDED} instead of client, server
   * or none: a side starved by other work, or one that merely looks saturated beside it, does not
   * measure the protocol. A full link stays the limit: a shaped link's rate does not depend on the
   * CPUs.
   */
  public static LimitedBy classify(Usage u, boolean contended) {
    LimitedBy limit = classify(u);
    return contended && limit != LINK ? CONTENDED : limit;
  }

  /**
   * As {@link #classify(Usage, boolean)}, and a generator whose sends lagged their intended starts
   * by more than {@link #SEND_LAG_BOUND_US} at the 99th percentile is {@code CLIENT} where no
   * resource was saturated (NaN: not the open loop). A contended run stays {@code CONTENDED}: the
   * box starved the generator.
   */
  public static LimitedBy classify(Usage u, boolean contended, double sendLagP99Us) {
    return classify(u, contended, java.util.Map.of(SEND_LAG_P99, String.valueOf(sendLagP99Us)));
  }

  /** The open loop's columns of the calls it dropped (all allowed were out) and its cap. */
  public static final String DROPPED = "dropped";

  public static final String MAX_IN_FLIGHT = "max_in_flight";

  /**
   * Why the load generator was a run's limit, from its columns, or null: calls dropped at its
   * in-flight cap ({@code in-flight cap 256; 1234 calls dropped}), or sends that lagged their
   * intended starts beyond {@link #SEND_LAG_BOUND_US} at p99 ({@code sends lagged 2.5 ms at p99}).
   * No comma: a raw value holds none.
   */
  public static String generatorWhy(java.util.Map<String, String> columns) {
    double dropped = number(columns.get(DROPPED));
    if (dropped > 0) {
      String cap = columns.get(MAX_IN_FLIGHT);
      return (cap == null ? "in-flight cap" : "in-flight cap " + cap)
          + "; "
          + Math.round(dropped)
          + " calls dropped";
    }
    double lag = number(columns.get(SEND_LAG_P99));
    if (lag > SEND_LAG_BOUND_US) {
      return String.format(Locale.ROOT, "sends lagged %.1f ms at p99", lag / 1000);
    }
    return null;
  }

  /**
   * As {@link #classify(Usage, boolean)}, and {@code CLIENT} where no resource was saturated but
   * the generator was the limit ({@link #generatorWhy}): a probe that failed on calls dropped at
   * the client's cap measured the client, not the server.
   */
  public static LimitedBy classify(
      Usage u, boolean contended, java.util.Map<String, String> columns) {
    LimitedBy limit = classify(u, contended);
    return limit == NONE && generatorWhy(columns) != null ? CLIENT : limit;
  }

  private static double number(String v) {
    try {
      return v == null ? Double.NaN : Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static final Pattern RATE =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]i?)?(bit|bps)?", Pattern.CASE_INSENSITIVE);

  /**
   * A link rate as tc writes it ({@code 1mbit}, {@code 100kbit}, {@code 1gbit}, {@code 10mbps} for
   * bytes, {@code 1mibit}), in bits/s; NaN for anything else ({@code ?}, empty, null).
   */
  public static double linkBitsPerSecond(String rate) {
    if (rate == null) {
      return Double.NaN;
    }
    Matcher m = RATE.matcher(rate.trim());
    if (!m.matches()) {
      return Double.NaN;
    }
    double value = Double.parseDouble(m.group(1));
    String prefix = m.group(2) == null ? "" : m.group(2).toLowerCase(Locale.ROOT);
    double base = prefix.endsWith("i") ? 1024 : 1000;
    int power = prefix.isEmpty() ? 0 : "kmgt".indexOf(prefix.charAt(0)) + 1;
    double bits = value * Math.pow(base, power);
    return "bps".equalsIgnoreCase(m.group(3)) ? bits * 8 : bits;
  }
}
