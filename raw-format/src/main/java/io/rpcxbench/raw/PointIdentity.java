package io.rpcxbench.raw;

import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes a point this point and no other (docs/raw-format.md, "Point identity"): its keys
 * ({@link PointKey}) as typed values. The one rule for "the same point": the file's name ({@link
 * #fileName}), the identity keys of its provenance ({@link #provenance}), the report's series and
 * its merge of client hosts all derive from it. Two files with equal identities hold the same
 * point; a different payload or item count is a different point, and its file name says so.
 *
 * <pre>{@code
 * PointIdentity p = PointIdentity.closed("rpcx", 10, 100).withCall("echo", 1024, 0);
 * p.fileName();               // "echo-p1024-t10-r100.csv"
 * p.path(Path.of("results")); // results/rpcx/echo-p1024-t10-r100.csv
 * p.provenance();             // {protocol=rpcx, load_model=closed, threads=10, ..., payload_bytes=1024, ...}
 * PointIdentity.of(RawResultFile.read(file).provenance());   // back from a file
 * }</pre>
 *
 * @param protocol protocol id ({@code rpcx}), or {@code type-N} for a file with only a type
 * @param loadModel {@code closed}, {@code open} or {@code in-flight}
 * @param threads threads, or the calls out at most (open), or in flight (in-flight)
 * @param requests calls per thread or per run ({@code requestsPer})
 * @param requestsPer {@code thread} or {@code total}
 * @param rateSchedule open loop: {@code 1000:PT5S,...}; empty for the other models
 * @param arrivals open loop: {@code uniform} or {@code poisson}; {@code uniform} otherwise
 * @param call {@code hello}, {@code echo}, {@code put}, {@code items}
 * @param payloadBytes bytes each call sends (0 for hello and items)
 * @param items the n of items(n) (0 for the other calls)
 * @param messageId your own message's name and digest ({@code order-echo-3fa2c1d0}; empty for the
 *     contract's calls): two messages are two points
 * @param scenario {@code single} or {@code chain}
 * @param work the servers' work per call (zero: none)
 * @param workKind {@code sleep} or {@code cpu}
 * @param tls {@code off}, {@code tls} or {@code mtls}
 * @param compression {@code none} or the stack's codec ({@code gzip})
 * @param networkProfile the network profile ({@code wan}); empty: not recorded
 * @param linkRate the lab link's rate ({@code 1gbit}); empty: no lab
 * @param clientHost the client host; empty: unknown. Not in the file name
 */
public record PointIdentity(
    String protocol,
    String loadModel,
    int threads,
    int requests,
    String requestsPer,
    String rateSchedule,
    String arrivals,
    String call,
    int payloadBytes,
    int items,
    String messageId,
    String scenario,
    Duration work,
    String workKind,
    String tls,
    String compression,
    String networkProfile,
    String linkRate,
    String clientHost) {
  public static final String CLOSED = PointKey.LOAD_MODEL.absent();
  public static final String OPEN = "open";
  public static final String IN_FLIGHT = "in-flight";

  /** The network profile of no shaping: its points' files carry no profile prefix. */
  public static final String LOOPBACK = "loopback";

  private static final Pattern LAB_RATE = Pattern.compile("(?:^|\\s)rate=(\\S+)");
  private static final Pattern SHORT_DURATION = Pattern.compile("(\\d+)(ms|s)");

  public PointIdentity {
    for (Object o :
        new Object[] {
          protocol,
          loadModel,
          requestsPer,
          rateSchedule,
          arrivals,
          call,
          messageId,
          scenario,
          work,
          workKind,
          tls,
          compression,
          networkProfile,
          linkRate,
          clientHost
        }) {
      Objects.requireNonNull(o, "a point key is null");
    }
    if (threads < 0 || requests < 0 || payloadBytes < 0 || items < 0 || work.isNegative()) {
      throw new IllegalArgumentException("negative count or work in point " + protocol);
    }
  }

  /** The paper's point: {@code threads} threads, {@code requests} hello calls each, one server. */
  public static PointIdentity closed(String protocol, int threads, int requests) {
    return model(protocol, CLOSED, threads, requests, PointKey.REQUESTS_PER.absent(), "", "");
  }

  /** {@code inFlight} calls kept outstanding, {@code requests} calls per slot. */
  public static PointIdentity inFlight(String protocol, int inFlight, int requests) {
    return model(protocol, IN_FLIGHT, inFlight, requests, PointKey.REQUESTS_PER.absent(), "", "");
  }

  /**
   * An open-loop point: {@code rateSchedule} as the harness writes it ({@code 1000:PT5S}, {@code
   * 500:PT10S,1000:PT10S}), {@code callsPerRun} the calls it makes per run.
   */
  public static PointIdentity open(
      String protocol, int maxInFlight, int callsPerRun, String rateSchedule, String arrivals) {
    return model(protocol, OPEN, maxInFlight, callsPerRun, "total", rateSchedule, arrivals);
  }

  private static PointIdentity model(
      String protocol,
      String model,
      int threads,
      int requests,
      String requestsPer,
      String schedule,
      String arrivals) {
    return new PointIdentity(
        protocol,
        model,
        threads,
        requests,
        requestsPer,
        schedule,
        arrivals.isEmpty() ? PointKey.ARRIVALS.absent() : arrivals,
        PointKey.CALL.absent(),
        0,
        0,
        PointKey.MESSAGE_ID.absent(),
        PointKey.SCENARIO.absent(),
        Duration.ZERO,
        PointKey.WORK_KIND.absent(),
        PointKey.TLS.absent(),
        PointKey.COMPRESSION.absent(),
        PointKey.NETWORK_PROFILE.absent(),
        "",
        "");
  }

  /**
   * The identity of a file from its provenance; absent keys take {@link PointKey#absent()}, a file
   * with only {@code type} gets protocol {@code type-N}, one without {@code link_rate} the {@code
   * rate=} word of the older {@code lab} key.
   *
   * @throws IllegalArgumentException when a count or the work is not a number
   */
  public static PointIdentity of(Map<String, String> provenance) {
    String protocol = lower(PointKey.PROTOCOL.read(provenance));
    if (protocol.isEmpty() && provenance.containsKey("type")) {
      protocol = "type-" + provenance.get("type").trim();
    }
    String model = lower(PointKey.LOAD_MODEL.read(provenance));
    boolean open = model.equals(OPEN);
    return new PointIdentity(
        protocol,
        model,
        count(provenance, PointKey.THREADS),
        count(provenance, PointKey.REQUESTS),
        lower(PointKey.REQUESTS_PER.read(provenance)),
        open ? PointKey.RATE_SCHEDULE.read(provenance) : "",
        open ? lower(PointKey.ARRIVALS.read(provenance)) : PointKey.ARRIVALS.absent(),
        lower(PointKey.CALL.read(provenance)),
        count(provenance, PointKey.PAYLOAD_BYTES),
        count(provenance, PointKey.ITEMS),
        lower(PointKey.MESSAGE_ID.read(provenance)),
        lower(PointKey.SCENARIO.read(provenance)),
        work(PointKey.WORK.read(provenance)),
        lower(PointKey.WORK_KIND.read(provenance)),
        lower(PointKey.TLS.read(provenance)),
        lower(PointKey.COMPRESSION.read(provenance)),
        lower(PointKey.NETWORK_PROFILE.read(provenance)),
        linkRate(provenance),
        lower(PointKey.CLIENT_HOST.read(provenance)));
  }

  /** This point with its calls counted per thread ({@code thread}) or per run ({@code total}). */
  public PointIdentity withRequestsPer(String perWhat) {
    return with(Map.of(PointKey.REQUESTS_PER.key(), perWhat));
  }

  /** This point with another call: {@code withCall("echo", 1024, 0)}, {@code ("items", 0, 10)}. */
  public PointIdentity withCall(String callId, int bytes, int itemCount) {
    return with(
        Map.of(
            PointKey.CALL.key(), callId,
            PointKey.PAYLOAD_BYTES.key(), String.valueOf(bytes),
            PointKey.ITEMS.key(), String.valueOf(itemCount)));
  }

  /** This point with your own message, {@code withMessage("order-echo-3fa2c1d0")}; empty: none. */
  public PointIdentity withMessage(String id) {
    return with(Map.of(PointKey.MESSAGE_ID.key(), id));
  }

  /** This point behind another scenario: {@code ("chain", Duration.ofMillis(100), "sleep")}. */
  public PointIdentity withScenario(String name, Duration perCall, String kind) {
    return with(
        Map.of(
            PointKey.SCENARIO.key(), name,
            PointKey.WORK.key(), perCall.toString(),
            PointKey.WORK_KIND.key(), kind));
  }

  /** This point over TLS: {@code tls}, {@code mtls}, or {@code off} (plaintext). */
  public PointIdentity withTls(String mode) {
    return with(Map.of(PointKey.TLS.key(), mode));
  }

  /** This point with its messages compressed: {@code gzip}, or {@code none}. */
  public PointIdentity withCompression(String codec) {
    return with(Map.of(PointKey.COMPRESSION.key(), codec));
  }

  /** This point across a network profile ({@code wan}); empty: not recorded. */
  public PointIdentity withNetworkProfile(String profile) {
    return with(Map.of(PointKey.NETWORK_PROFILE.key(), profile));
  }

  /** This point over a lab link ({@code 1gbit}); empty: no lab. */
  public PointIdentity withLinkRate(String rate) {
    return with(Map.of(PointKey.LINK_RATE.key(), rate));
  }

  /** This point as run from {@code host}; empty: unknown (the identity across client hosts). */
  public PointIdentity withClientHost(String host) {
    return with(Map.of(PointKey.CLIENT_HOST.key(), host));
  }

  /** This point at another thread (or in-flight) count and request count: a grid's other points. */
  public PointIdentity withCounts(int threadCount, int requestCount) {
    return with(
        Map.of(
            PointKey.THREADS.key(), String.valueOf(threadCount),
            PointKey.REQUESTS.key(), String.valueOf(requestCount)));
  }

  /** A copy with some keys replaced, read back through {@link #of}: one way in for every value. */
  private PointIdentity with(Map<String, String> keys) {
    Map<String, String> m = provenance();
    m.putAll(keys);
    return of(m);
  }

  /**
   * The file of this point merged from {@code hosts} client hosts ({@code report merge-hosts},
   * deploy/fleet, {@code rpcx-bench --fleet}): {@code t10-r100-x3.csv}.
   */
  public String mergedFileName(int hosts) {
    return mergedFileName(fileName(), hosts);
  }

  /** A point's file name {@code name} as the name of that point merged from {@code hosts} hosts. */
  public static String mergedFileName(String name, int hosts) {
    return name.replaceFirst("\\.csv$", "-x" + hosts + ".csv");
  }

  /**
   * The point's file name under {@code <out>/<protocol>/}: the scenario's prefix ({@code chain-},
   * {@code w100ms-}, {@code chain-w2s-cpu-}) after the network profile's ({@code wan-}) and TLS's
   * ({@code tls-}, {@code mtls-}) and compression's ({@code gzip-}), then the call's when it is not
   * the paper's hello ({@code echo-p1024-}, {@code items-n10-}, {@code
   * message-order-echo-3fa2c1d0-}), then the load model's name: {@code t10-r100.csv} (closed),
   * {@code inflight-n64-r1000.csv}, {@code open-r1000-d30s.csv}, {@code
   * open-s500x10s-1000x10s-poisson.csv}. {@code requests_per}, the link and the client host are not
   * in it: a results folder holds one of each (sweep.sh's layout), the report tells folders apart
   * by the provenance.
   */
  public String fileName() {
    return PointFileName.of(this);
  }

  /** {@code out/<protocol>/<fileName()>}. */
  public Path path(Path out) {
    return out.resolve(protocol).resolve(fileName());
  }

  /**
   * The identity's provenance keys as a file carries them, in {@link PointKey} order; the open
   * loop's keys only for an open point, TLS only when on, the message id only for your own message,
   * the link and client host only when known.
   */
  public Map<String, String> provenance() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(PointKey.PROTOCOL.key(), protocol);
    m.put(PointKey.LOAD_MODEL.key(), loadModel);
    m.put(PointKey.THREADS.key(), String.valueOf(threads));
    m.put(PointKey.REQUESTS.key(), String.valueOf(requests));
    m.put(PointKey.REQUESTS_PER.key(), requestsPer);
    if (loadModel.equals(OPEN)) {
      m.put(PointKey.RATE_SCHEDULE.key(), rateSchedule);
      m.put(PointKey.ARRIVALS.key(), arrivals);
    }
    m.put(PointKey.CALL.key(), call);
    m.put(PointKey.PAYLOAD_BYTES.key(), String.valueOf(payloadBytes));
    m.put(PointKey.ITEMS.key(), String.valueOf(items));
    if (!messageId.isEmpty()) {
      m.put(PointKey.MESSAGE_ID.key(), messageId);
    }
    m.put(PointKey.SCENARIO.key(), scenario);
    m.put(PointKey.WORK.key(), work.toString());
    m.put(PointKey.WORK_KIND.key(), workKind);
    if (!tls.equals(PointKey.TLS.absent())) {
      m.put(PointKey.TLS.key(), tls);
    }
    if (!compression.equals(PointKey.COMPRESSION.absent())) {
      m.put(PointKey.COMPRESSION.key(), compression);
    }
    if (!networkProfile.isEmpty()) {
      m.put(PointKey.NETWORK_PROFILE.key(), networkProfile);
    }
    if (!linkRate.isEmpty()) {
      m.put(PointKey.LINK_RATE.key(), linkRate);
    }
    if (!clientHost.isEmpty()) {
      m.put(PointKey.CLIENT_HOST.key(), clientHost);
    }
    return m;
  }

  /** {@code 100ms}, {@code 2s}; as the harness's options write a duration. */
  public static String workText(Duration d) {
    long ms = d.toMillis();
    if (ms % 1000 == 0 && ms != 0) {
      return ms / 1000 + "s";
    }
    return ms > 0 || d.isZero() ? ms + "ms" : d.toString();
  }

  private static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }

  private static int count(Map<String, String> provenance, PointKey key) {
    String v = key.read(provenance);
    try {
      int n = Integer.parseInt(v);
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        key.key() + " '" + v + "' is not a non-negative whole number");
  }

  /** ISO-8601 ({@code PT0.1S}, any case), or {@code 0}, {@code 100ms}, {@code 2s}. */
  static Duration work(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("0")) {
      return Duration.ZERO;
    }
    Matcher m = SHORT_DURATION.matcher(t);
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      return m.group(2).equals("ms") ? Duration.ofMillis(n) : Duration.ofSeconds(n);
    }
    try {
      return Duration.parse(t.toUpperCase(Locale.ROOT));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "work '" + text + "' is not a duration (PT0.1S, 100ms)", e);
    }
  }

  private static String linkRate(Map<String, String> provenance) {
    String rate = PointKey.LINK_RATE.read(provenance);
    if (rate.isEmpty()) {
      Matcher m = LAB_RATE.matcher(provenance.getOrDefault("lab", ""));
      rate = m.find() ? m.group(1) : "";
    }
    return lower(rate);
  }
}
