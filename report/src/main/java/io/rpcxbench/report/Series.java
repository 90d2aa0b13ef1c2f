package io.rpcxbench.report;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What besides (protocol, threads, requests) tells two measurements apart: the reading of the
 * request count ({@code requests_per}: {@code thread} or {@code total}), the call ({@code hello},
 * {@code echo}, ...), the client host, the link regime ({@code link_rate}, e.g. {@code 1mbit};
 * empty: no lab, no limit) and the load model ({@code load_model}: {@code closed}, the paper's,
 * when absent; {@code open}, {@code in-flight}). Points of different series are never averaged
 * together; two files of one protocol, thread count and request count in the same series are
 * duplicates.
 *
 * <pre>{@code
 * Series s = Series.of(provenance);   // e.g. thread, hello, host-a, 1mbit
 * s.text();                           // "requests_per thread, call hello, client host-a, link 1mbit"
 * }</pre>
 */
record Series(String requestsPer, String call, String clientHost, String linkRate, String loadModel)
    implements Comparable<Series> {
  static final String CLOSED = "closed";

  /** A closed-loop series (the paper's load model). */
  Series(String requestsPer, String call, String clientHost, String linkRate) {
    this(requestsPer, call, clientHost, linkRate, CLOSED);
  }

  private static final Pattern LAB_RATE = Pattern.compile("(?:^|\\s)rate=(\\S+)");

  /** The series of a file from its provenance; absent keys take the harness's defaults. */
  static Series of(Map<String, String> provenance) {
    return new Series(
        value(provenance, "requests_per", "thread"),
        value(provenance, "call", "hello"),
        value(provenance, "client_host", ""),
        linkRate(provenance),
        value(provenance, "load_model", CLOSED));
  }

  /**
   * {@code link_rate}, else the {@code rate=} word of the older {@code lab} key, else empty (no
   * lab).
   */
  static String linkRate(Map<String, String> provenance) {
    String rate = value(provenance, "link_rate", "");
    if (!rate.isEmpty()) {
      return rate;
    }
    Matcher m = LAB_RATE.matcher(provenance.getOrDefault("lab", ""));
    return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : "";
  }

  private static String value(Map<String, String> provenance, String key, String absent) {
    String v = provenance.get(key);
    return v == null || v.isBlank()
        ? absent
        : v.trim().toLowerCase(Locale.ROOT).replaceAll("[|,]", "/");
  }

  /** For people: {@code requests_per thread, call hello, client host-a, link 1mbit}. */
  String text() {
    return "requests_per "
        + requestsPer
        + ", call "
        + call
        + ", client "
        + (clientHost.isEmpty() ? "unknown" : clientHost)
        + ", link "
        + (linkRate.isEmpty() ? "no limit" : linkRate)
        + (loadModel.equals(CLOSED) ? "" : ", load model " + loadModel);
  }

  /** For a folder name: {@code thread-hello-host-a-1mbit}. */
  String slug() {
    String s =
        String.join(
                "-",
                requestsPer,
                call,
                clientHost.isEmpty() ? "unknown" : clientHost,
                linkRate.isEmpty() ? "nolimit" : linkRate)
            + (loadModel.equals(CLOSED) ? "" : "-" + loadModel);
    return s.replaceAll("[^a-z0-9._-]+", "_");
  }

  /** One string for the database ({@code cleaned_result.series}); {@link #parse} reads it back. */
  String key() {
    return String.join("|", requestsPer, call, clientHost, linkRate)
        + (loadModel.equals(CLOSED) ? "" : "|" + loadModel);
  }

  static Series parse(String key) {
    String[] f = (key == null ? "" : key).split("\\|", -1);
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
  boolean open() {
    return loadModel.equals("open");
  }

  @Override
  public int compareTo(Series o) {
    return key().compareTo(o.key());
  }
}
