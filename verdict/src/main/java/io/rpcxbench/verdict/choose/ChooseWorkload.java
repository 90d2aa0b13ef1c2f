package io.rpcxbench.verdict.choose;

import io.rpcxbench.raw.PointKey;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.stats.Num;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every dimension of the workload a choose folder measured, for the scorecard's heading: the call
 * or message ({@code choose.properties}' workload), the network profile and the round trip its link
 * measured before any RPC ({@code link_rtt_measured_ms}, with the link check's verdict when it was
 * off its profile), the TLS mode and the SLO. The link and TLS facts are the raw files' provenance
 * (the first file of the shared load, else of the probes), as the harness recorded them.
 *
 * <pre>{@code
 * ChooseWorkload w = ChooseWorkload.read(dir, settings);
 * w.heading();   // "hello over cross-az (link RTT 2.07 ms measured), TLS tls, at p99 <= 2 ms"
 * }</pre>
 *
 * @param call the workload: {@code hello}, {@code items(10)}, {@code message(Order)}
 * @param profile the network profile ({@code loopback}, {@code cross-az}; empty: not recorded)
 * @param linkRttMs the link's round trip measured before the search, ms (null: not measured)
 * @param linkCheck the link check's verdict ({@code ok}, {@code off: ...}; empty: none)
 * @param linkAccuracy the round trip's accuracy ({@code held: ...}, {@code the box could not hold
 *     it: ...}, {@code unjudged: ...}; empty: not recorded)
 * @param tls {@code off}, {@code tls} or {@code mtls}; empty: no raw file says
 * @param slo the SLO in words ({@code p99 <= 5 ms})
 */
public record ChooseWorkload(
    String call,
    String profile,
    Double linkRttMs,
    String linkCheck,
    String linkAccuracy,
    String tls,
    String slo) {

  public static ChooseWorkload read(Path dir, ChooseRecord s) throws IOException {
    Optional<RawContents> file = firstFile(dir.resolve("shared"));
    if (file.isEmpty()) {
      file = firstFile(dir.resolve("probes"));
    }
    String tls = file.map(f -> PointKey.TLS.read(f.provenance())).orElse("");
    Double rtt =
        file.flatMap(f -> f.provenance("link_rtt_measured_ms"))
            .map(ChooseWorkload::number)
            .orElse(null);
    String check = file.flatMap(f -> f.provenance("link_rtt_check")).orElse("");
    String accuracy = file.flatMap(f -> f.provenance("link_rtt_accuracy")).orElse("");
    return new ChooseWorkload(s.workload(), s.network(), rtt, check, accuracy, tls, s.sloText());
  }

  private static Double number(String text) {
    try {
      double v = Double.parseDouble(text.trim());
      return Double.isFinite(v) && v > 0 ? v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The first raw file under {@code dir} in name order (none: the folder has none). */
  private static Optional<RawContents> firstFile(Path dir) throws IOException {
    Optional<Path> csv = io.rpcxbench.raw.RawFolder.first(dir);
    return csv.isEmpty() ? Optional.empty() : Optional.of(RawResultFile.read(csv.get()));
  }

  /** Whether the link was measured off its profile (the harness's check said {@code off}). */
  public boolean linkOff() {
    return linkCheck.startsWith("off");
  }

  /** Whether the box could not hold the link's round trip to its accuracy (2 % or 20 us). */
  public boolean linkNotHeld() {
    return io.rpcxbench.raw.LinkAccuracy.of(linkAccuracy).notHeld();
  }

  /** {@code loopback (the link as it is, not shaped)}, {@code cross-az (link RTT 2.07 ms ...)}. */
  public String link() {
    String name = profile.isEmpty() ? "an unrecorded link" : profile;
    if (linkRttMs == null) {
      return name + (profile.equals("loopback") ? " (unshaped)" : " (link RTT not measured)");
    }
    return name
        + " (link RTT "
        + Num.fixed(linkRttMs, linkRttMs >= 10 ? 1 : 3)
        + " ms measured"
        + (linkOff() ? "; OFF ITS PROFILE: " + linkCheck.replaceFirst("^off:?\\s*", "") : "")
        + (!linkOff() && linkNotHeld()
            ? "; the box could not hold its round trip to 2 % or 20 us: "
                + io.rpcxbench.raw.LinkAccuracy.of(linkAccuracy).figures()
            : "")
        + ")";
  }

  /** {@code TLS off}, {@code mTLS}, {@code TLS not recorded}. */
  String tlsText() {
    return switch (tls) {
      case "off" -> "plaintext (TLS off)";
      case "tls" -> "TLS";
      case "mtls" -> "mTLS";
      case "" -> "TLS not recorded";
      default -> "TLS " + tls;
    };
  }

  /** {@code hello over loopback (unshaped), plaintext (TLS off), at p99 <= 5 ms}. */
  String heading() {
    return call + " over " + link() + ", " + tlsText() + ", at " + slo;
  }

  /** The dimensions one by one, each {@code name: value}. */
  public List<String> dimensions() {
    List<String> out = new ArrayList<>();
    out.add("call: " + call);
    out.add("network: " + link());
    out.add("TLS: " + (tls.isEmpty() ? "not recorded" : tls));
    out.add("SLO: " + slo);
    return out;
  }
}
