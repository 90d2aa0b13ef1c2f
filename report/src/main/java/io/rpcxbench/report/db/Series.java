package io.rpcxbench.report.db;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.PointKey;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What besides (protocol, threads, requests) tells two measurements apart: the rest of the point's
 * identity ({@link PointIdentity}, docs/raw-format.md): the reading of the request count ({@code
 * requests_per}: {@code thread} or {@code total}), the call ({@code hello}, {@code echo}, ...) with
 * its payload and item count, the client host, the link regime ({@code link_rate}, e.g. {@code
 * 1mbit}; empty: no lab, no limit), the load model ({@code load_model}: {@code closed}, the
 * paper's, when absent; {@code open}, {@code in-flight}; the open loop's arrivals) and the scenario
 * ({@code scenario}, {@code work}, {@code work_kind}: {@code single} for one server with no work,
 * the paper's; else e.g. {@code chain}, {@code chain w100ms}, {@code single w2ms cpu}). Points of
 * different series are never averaged together; two files of one protocol, thread count and request
 * count in the same series are duplicates.
 *
 * <pre>{@code
 * Series s = Series.of(provenance);   // e.g. thread, hello, host-a, 1mbit
 * s.text();                           // "requests_per thread, call hello, client host-a, link 1mbit"
 * }</pre>
 */
public record Series(
    String requestsPer,
    String call,
    String clientHost,
    String linkRate,
    String loadModel,
    String scenario,
    SortedMap<String, String> others)
    implements Comparable<Series> {
  public static final String CLOSED = PointIdentity.CLOSED;

  /** One server doing no work: the paper's scenario. */
  static final String SINGLE = PointKey.SCENARIO.absent();

  /**
   * The identity keys this record names, and those of the point rather than its series; every other
   * key ({@code payload_bytes}, {@code items}, {@code arrivals}, any key added to {@link PointKey}
   * later) is in {@link #others} when it is not its default.
   */
  private static final Set<PointKey> NAMED =
      EnumSet.of(
          PointKey.PROTOCOL,
          PointKey.THREADS,
          PointKey.REQUESTS,
          PointKey.RATE_SCHEDULE,
          PointKey.REQUESTS_PER,
          PointKey.CALL,
          PointKey.CLIENT_HOST,
          PointKey.LINK_RATE,
          PointKey.LOAD_MODEL,
          PointKey.SCENARIO,
          PointKey.WORK,
          PointKey.WORK_KIND);

  public Series {
    others = Collections.unmodifiableSortedMap(new TreeMap<>(others));
  }

  /** A series of the hello call without payload, uniform arrivals. */
  public Series(
      String requestsPer,
      String call,
      String clientHost,
      String linkRate,
      String loadModel,
      String scenario) {
    this(requestsPer, call, clientHost, linkRate, loadModel, scenario, new TreeMap<>());
  }

  /** A series of one server doing no work (the paper's scenario). */
  public Series(
      String requestsPer, String call, String clientHost, String linkRate, String loadModel) {
    this(requestsPer, call, clientHost, linkRate, loadModel, SINGLE);
  }

  /** A closed-loop series (the paper's load model). */
  public Series(String requestsPer, String call, String clientHost, String linkRate) {
    this(requestsPer, call, clientHost, linkRate, CLOSED);
  }

  /**
   * The series of a file from its provenance; absent keys take their defaults ({@link PointKey}).
   *
   * @throws IllegalArgumentException when a count or the work is not a number
   */
  public static Series of(Map<String, String> provenance) {
    return of(PointIdentity.of(provenance));
  }

  /** The series of a point: its identity without protocol, threads, requests and rate schedule. */
  public static Series of(PointIdentity p) {
    SortedMap<String, String> others = new TreeMap<>();
    Map<String, String> keys = p.provenance();
    for (PointKey k : PointKey.values()) {
      String v = keys.get(k.key());
      if (!NAMED.contains(k) && v != null && !v.equalsIgnoreCase(k.absent())) {
        others.put(k.key(), text(v));
      }
    }
    return new Series(
        text(p.requestsPer()),
        text(p.call()),
        text(p.clientHost()),
        text(p.linkRate()),
        text(p.loadModel()),
        scenario(p),
        others);
  }

  /** {@code payload_bytes}, 0 when the series has the default. */
  public int payloadBytes() {
    return Integer.parseInt(others.getOrDefault(PointKey.PAYLOAD_BYTES.key(), "0"));
  }

  /** {@code items}, 0 when the series has the default. */
  public int items() {
    return Integer.parseInt(others.getOrDefault(PointKey.ITEMS.key(), "0"));
  }

  /**
   * {@code scenario}, then the work per call when there is any ({@code w100ms}), then its kind when
   * it is not sleep: {@code chain w100ms}, {@code single w2ms cpu}.
   */
  static String scenario(PointIdentity p) {
    String name = text(p.scenario());
    if (p.work().isZero()) {
      return name;
    }
    boolean sleep = p.workKind().equals(PointKey.WORK_KIND.absent());
    return name + " w" + PointIdentity.workText(p.work()) + (sleep ? "" : " " + text(p.workKind()));
  }

  /** Values go into {@link #key()}, which separates them with {@code |} (others with =). */
  private static String text(String v) {
    return v.replaceAll("[|,=]", "/");
  }

  /** For people: {@code requests_per thread, call hello, client host-a, link 1mbit}. */
  public String text() {
    return "requests_per "
        + requestsPer
        + ", call "
        + call
        + ", client "
        + (clientHost.isEmpty() ? "unknown" : clientHost)
        + ", link "
        + (linkRate.isEmpty() ? "no limit" : linkRate)
        + (loadModel.equals(CLOSED) ? "" : ", load model " + loadModel)
        + (scenario.equals(SINGLE) ? "" : ", scenario " + scenario)
        + others.entrySet().stream()
            .map(e -> ", " + e.getKey() + " " + e.getValue())
            .collect(Collectors.joining());
  }

  /** For a folder name: {@code thread-hello-host-a-1mbit}. */
  public String slug() {
    String s =
        String.join(
                "-",
                requestsPer,
                call,
                clientHost.isEmpty() ? "unknown" : clientHost,
                linkRate.isEmpty() ? "nolimit" : linkRate)
            + (loadModel.equals(CLOSED) ? "" : "-" + loadModel)
            + (scenario.equals(SINGLE) ? "" : "-" + scenario)
            + others.entrySet().stream()
                .map(e -> "-" + e.getKey() + "-" + e.getValue())
                .collect(Collectors.joining());
    return s.replaceAll("[^a-z0-9._-]+", "_");
  }

  /**
   * One string for the database ({@code cleaned_result.series}); {@link #parse} reads it back. The
   * paper's values at the end are left out, so the keys of older databases read as before; other
   * identity keys follow as {@code |key=value}.
   */
  public String key() {
    if (!others.isEmpty()) {
      return String.join("|", requestsPer, call, clientHost, linkRate, loadModel, scenario)
          + others.entrySet().stream()
              .map(e -> "|" + e.getKey() + "=" + e.getValue())
              .collect(Collectors.joining());
    }
    return String.join("|", requestsPer, call, clientHost, linkRate)
        + (loadModel.equals(CLOSED) && scenario.equals(SINGLE) ? "" : "|" + loadModel)
        + (scenario.equals(SINGLE) ? "" : "|" + scenario);
  }

  public static Series parse(String key) {
    String[] f = (key == null ? "" : key).split("\\|", -1);
    if (f.length > 6) {
      SortedMap<String, String> others = new TreeMap<>();
      for (int i = 6; i < f.length; i++) {
        int eq = f[i].indexOf('=');
        others.put(eq < 0 ? f[i] : f[i].substring(0, eq), eq < 0 ? "" : f[i].substring(eq + 1));
      }
      return new Series(f[0], f[1], f[2], f[3], f[4], f[5], others);
    }
    if (f.length == 6) {
      return new Series(f[0], f[1], f[2], f[3], f[4], f[5]);
    }
    if (f.length == 5) {
      return new Series(f[0], f[1], f[2], f[3], f[4]);
    }
    return f.length == 4
        ? new Series(f[0], f[1], f[2], f[3])
        : new Series("thread", "hello", "", "");
  }

  /**
   * Whether this is an open-loop series (a rate on a schedule): its points have an offered rate.
   */
  public boolean open() {
    return loadModel.equals("open");
  }

  @Override
  public int compareTo(Series o) {
    return key().compareTo(o.key());
  }
}
