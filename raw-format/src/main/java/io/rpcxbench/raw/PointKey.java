package io.rpcxbench.raw;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The provenance keys that identify a point (docs/raw-format.md, "Point identity"), each with the
 * value a file without it means. Declared here once: {@link PointIdentity} reads and writes them,
 * the harness refuses them in {@code --provenance} (but {@link #LINK_RATE} and {@link
 * #NETWORK_PROFILE}, which the runner gives), the report selects them from its database.
 *
 * <pre>{@code
 * PointKey.CALL.key();                        // "call"
 * PointKey.CALL.absent();                     // "hello"
 * PointKey.CALL.read(Map.of());               // "hello"
 * PointKey.CALL.read(Map.of("call", " echo")); // "echo"
 * }</pre>
 */
public enum PointKey {
  /** Protocol id ({@code rpcx}); files with only {@code type} read as {@code type-N}. */
  PROTOCOL("protocol", ""),
  /** {@code closed} (the paper's), {@code open} or {@code in-flight}. */
  LOAD_MODEL("load_model", "closed"),
  /** Threads (closed), calls out at most (open: {@code max_in_flight}), in flight (in-flight). */
  THREADS("threads", "0"),
  /** Calls per thread ({@code requests_per thread}) or per run ({@code total}). */
  REQUESTS("requests", "0"),
  /** {@code thread} or {@code total}. */
  REQUESTS_PER("requests_per", "thread"),
  /** Open loop: the rate schedule, {@code 1000:PT5S} or {@code 500:PT10S,1000:PT10S}. */
  RATE_SCHEDULE("rate_schedule", ""),
  /** Open loop: {@code uniform} or {@code poisson}. */
  ARRIVALS("arrivals", "uniform"),
  /** The contract's call: {@code hello}, {@code echo}, {@code put}, {@code items}. */
  CALL("call", "hello"),
  /** Bytes each call sends (echo's payload, put's value); 0 for hello and items. */
  PAYLOAD_BYTES("payload_bytes", "0"),
  /** The n of items(n); 0 for the other calls. */
  ITEMS("items", "0"),
  /**
   * Your own message ({@code call message}, docs/messages.md): its name, reply mode and a digest of
   * its schema and records, {@code order-echo-3fa2c1d0}; empty for the contract's calls.
   */
  MESSAGE_ID("message_id", ""),
  /** {@code single} (one server: the paper's) or {@code chain}. */
  SCENARIO("scenario", "single"),
  /** The servers' work per call, ISO-8601 ({@code PT0.1S}); {@code PT0S}: none. */
  WORK("work", "PT0S"),
  /** {@code sleep} or {@code cpu}. */
  WORK_KIND("work_kind", "sleep"),
  /**
   * {@code off} (plaintext: the paper's), {@code tls} or {@code mtls} (the client's certificate
   * too).
   */
  TLS("tls", "off"),
  /** Message compression with the stack's own codec ({@code gzip}); {@code none}: the paper's. */
  COMPRESSION("compression", "none"),
  /**
   * The network profile the calls crossed ({@code loopback}, {@code cross-az}, {@code wan}: {@code
   * deploy/network-profiles.tsv}); empty: not recorded (a file of before profiles, or a link the
   * runner did not shape). Given by the runner, not the harness.
   */
  NETWORK_PROFILE("network_profile", ""),
  /** The lab link's rate ({@code 1gbit}); empty: no lab. Given by the lab, not the harness. */
  LINK_RATE("link_rate", ""),
  /** The client host's name; empty: unknown. Not part of the file name (one folder per host). */
  CLIENT_HOST("client_host", "");

  private final String key;
  private final String absent;

  PointKey(String key, String absent) {
    this.key = key;
    this.absent = absent;
  }

  /** The provenance key, e.g. {@code payload_bytes}. */
  public String key() {
    return key;
  }

  /** The value a file without the key (or with a blank value) means. */
  public String absent() {
    return absent;
  }

  /** The key's value in {@code provenance}, trimmed, else {@link #absent()}. */
  public String read(Map<String, String> provenance) {
    String v = provenance.get(key);
    return v == null || v.isBlank() ? absent : v.trim();
  }

  /** Every key's name, in declaration order. */
  public static List<String> names() {
    return Arrays.stream(values()).map(PointKey::key).toList();
  }
}
