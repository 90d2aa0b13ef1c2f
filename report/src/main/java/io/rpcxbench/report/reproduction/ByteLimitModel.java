package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Series;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The byte limit of a rate-limited link: a run cannot be shorter than the bytes its busier
 * direction carries divided by the link rate. Bytes per call come from the measured points of the
 * same series and protocol ({@code link_bytes_a_to_b}, {@code link_bytes_b_to_a} over the calls of
 * all of a file's runs; from {@code link_bytes} alone, both directions together, half of it); the
 * median over the points is used. It predicts a lower bound on runtime (and an upper bound on TPS)
 * for points that were not measured, and is labelled as a prediction wherever it is shown.
 *
 * <p>It predicts only where the link binds: for a protocol at least one of whose measured points in
 * the series moved its busier direction's bytes at {@value #BINDING_SHARE} of the link rate or more
 * over its runs' time. On a fast link (1 Gbit/s in the lab) the bound is orders of magnitude below
 * what the CPU allows, and showing it for a point not yet run would mislead.
 */
final class ByteLimitModel {
  private static final Pattern RATE =
      Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(bit|kbit|mbit|gbit|bps|kbps|mbps|gbps)");

  /** The share of the link rate a measured point must reach for the link to count as binding. */
  static final double BINDING_SHARE = 0.5;

  private record Key(Series series, String protocol) {}

  private final Map<Key, Double> bytesPerCall;

  private ByteLimitModel(Map<Key, Double> bytesPerCall) {
    this.bytesPerCall = bytesPerCall;
  }

  static ByteLimitModel none() {
    return new ByteLimitModel(Map.of());
  }

  /**
   * A {@code tc}-style rate in bits per second: {@code 1mbit} = 10^6, {@code kbit}, {@code gbit};
   * {@code bps}, {@code kbps}, ... are bytes per second, as in {@code tc}.
   */
  static Optional<Double> bitsPerSecond(String rate) {
    Matcher m = RATE.matcher(rate == null ? "" : rate.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      return Optional.empty();
    }
    double v = Double.parseDouble(m.group(1));
    String unit = m.group(2);
    double scale =
        switch (unit.charAt(0)) {
          case 'k' -> 1e3;
          case 'm' -> 1e6;
          case 'g' -> 1e9;
          default -> 1;
        };
    double bits = unit.endsWith("bps") ? 8 : 1;
    return v > 0 ? Optional.of(v * scale * bits) : Optional.empty();
  }

  /**
   * Bytes per call of every (series, protocol) with complete, rate-limited files that count them.
   */
  static ByteLimitModel load(Database db) throws SQLException {
    Map<String, Map<String, String>> prov = new TreeMap<>();
    Map<String, Long> calls = new HashMap<>();
    Map<String, Double> runMs = new HashMap<>();
    Map<String, String> protocolOf = new HashMap<>();
    try (Statement s = db.connection.createStatement()) {
      try (ResultSet rs =
          s.executeQuery("SELECT source, protocol FROM raw_point WHERE status = 'complete'")) {
        while (rs.next()) {
          protocolOf.put(rs.getString(1), rs.getString(2));
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT source, prov_key, prov_value FROM raw_provenance WHERE prov_key IN "
                  + "('requests_per', 'call', 'client_host', 'link_rate', 'lab', 'load_model', 'scenario', 'work', 'work_kind', 'link_bytes', "
                  + "'link_bytes_a_to_b', 'link_bytes_b_to_a')")) {
        while (rs.next()) {
          prov.computeIfAbsent(rs.getString(1), k -> new HashMap<>())
              .put(rs.getString(2), rs.getString(3));
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT source, SUM(calls), SUM(time_total_ms) FROM raw_result GROUP BY source")) {
        while (rs.next()) {
          calls.put(rs.getString(1), rs.getLong(2));
          runMs.put(rs.getString(1), rs.getDouble(3));
        }
      }
    }
    Map<Key, List<Double>> samples = new HashMap<>();
    Map<Key, Boolean> binding = new HashMap<>();
    for (Map.Entry<String, String> e : protocolOf.entrySet()) {
      Map<String, String> p = prov.getOrDefault(e.getKey(), Map.of());
      long n = calls.getOrDefault(e.getKey(), 0L);
      Series series = Series.of(p);
      Double busier = busierDirectionBytes(p);
      Optional<Double> bps = bitsPerSecond(series.linkRate());
      if (n > 0 && busier != null && bps.isPresent()) {
        Key key = new Key(series, e.getValue());
        samples.computeIfAbsent(key, k -> new ArrayList<>()).add(busier / n);
        double ms = runMs.getOrDefault(e.getKey(), 0.0);
        boolean bound = ms > 0 && busier * 8 / (ms / 1000) >= BINDING_SHARE * bps.get();
        binding.merge(key, bound, Boolean::logicalOr);
      }
    }
    Map<Key, Double> medians = new HashMap<>();
    samples.forEach(
        (k, v) -> {
          if (binding.getOrDefault(k, false)) {
            medians.put(k, median(v));
          }
        });
    return new ByteLimitModel(medians);
  }

  private static Double busierDirectionBytes(Map<String, String> p) {
    Long ab = count(p.get("link_bytes_a_to_b"));
    Long ba = count(p.get("link_bytes_b_to_a"));
    if (ab != null || ba != null) {
      return (double) Math.max(ab == null ? 0 : ab, ba == null ? 0 : ba);
    }
    Long both = count(p.get("link_bytes"));
    return both == null ? null : both / 2.0;
  }

  private static Long count(String text) {
    try {
      long v = text == null ? -1 : Long.parseLong(text.trim());
      return v >= 0 ? v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static double median(List<Double> v) {
    List<Double> s = v.stream().sorted().toList();
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }

  /**
   * The least runtime (ms) the link allows for one run of (threads, requests) of {@code protocol}
   * in {@code series}, if the series has a rate and the protocol a measured byte count.
   */
  Optional<Double> runtimeMs(Series series, RawProtocol protocol, int threads, int requests) {
    Double perCall = bytesPerCall.get(new Key(series, protocol.id));
    Optional<Double> bps = bitsPerSecond(series.linkRate());
    if (perCall == null || bps.isEmpty()) {
      return Optional.empty();
    }
    long callsPerRun = series.requestsPer().equals("total") ? requests : (long) threads * requests;
    return Optional.of(callsPerRun * perCall * 8 / bps.get() * 1000);
  }
}
