package io.rpcxbench.runner.handshake;

import io.rpcxbench.raw.Histograms;
import io.rpcxbench.stats.Estimate;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What a handshake run records of its rounds: a line each for the log, {@code handshake.tsv} (a row
 * per round, with its histogram), and the summary table: each protocol's connects per second (mean
 * over rounds, Student t 95 % interval), connect time (p50 / p99 of the merged histograms,
 * bootstrap interval over rounds) and how many connects resumed.
 */
final class HandshakeResults {
  private static final double[] QS = {50, 99};

  /** handshake.tsv's rows, a round each. */
  private final List<String[]> rows = new ArrayList<>();

  /** The rounds of each protocol, TLS mode and sessions ({@code protocol\tmode\tsessions}). */
  private final Map<String, List<HandshakeRounds.Round>> measured = new LinkedHashMap<>();

  /**
   * Round {@code round} of {@code protocol} in TLS {@code mode}, its sessions {@code how},
   * recorded; its line for the log.
   */
  String add(
      int round,
      String protocol,
      String mode,
      HandshakeRounds.Sessions how,
      HandshakeRounds.Round r) {
    measured
        .computeIfAbsent(protocol + "\t" + mode + "\t" + how.label(), k -> new ArrayList<>())
        .add(r);
    rows.add(row(round, protocol, mode, r));
    return line(round, protocol, mode, r);
  }

  /** The summary of the rounds recorded ({@link #summary(Map)}). */
  String summary() {
    return summary(measured);
  }

  private static String line(int round, String protocol, String mode, HandshakeRounds.Round r) {
    String what = "round " + round + " " + protocol + " " + mode + " " + r.sessions().label();
    if (!r.shared()) {
      return what + ": " + CANNOT_SHARE;
    }
    return String.format(
        Locale.ROOT,
        "%s: %.1f connects/s, p50 %.1f us, p99 %.1f us, resumed %s, %s",
        what,
        r.connectsPerSecond(),
        r.nanos().getValueAtPercentile(50) / 1e3,
        r.nanos().getValueAtPercentile(99) / 1e3,
        r.resumedText(),
        r.session());
  }

  /** What a resumed round of a plug-in that builds its TLS apart from tls-kit says. */
  static final String CANNOT_SHARE =
      "cannot share a TLS context across clients (its plug-in builds its TLS apart from"
          + " tls-kit's contexts): not measured";

  private static String[] row(int round, String protocol, String mode, HandshakeRounds.Round r) {
    return new String[] {
      String.valueOf(round),
      protocol,
      mode,
      r.sessions().label(),
      String.valueOf(r.connects()),
      String.format(Locale.ROOT, "%.3f", r.elapsedNanos() / 1e6),
      r.connects() == 0 ? "-" : String.format(Locale.ROOT, "%.1f", r.connectsPerSecond()),
      r.shared() ? String.valueOf(r.resumed()) : "-",
      r.shared() ? r.session() : CANNOT_SHARE,
      r.connects() == 0 ? "-" : Histograms.encode(r.nanos())
    };
  }

  /**
   * handshake.tsv: a header saying how the rounds ran ({@code connects} timed after {@code warmup}
   * untimed, the servers' JVM flags), then a row per round with its histogram.
   */
  String tsv(int connects, int warmup, String serverJvmFlags) {
    StringBuilder b =
        new StringBuilder(
            "# rpcx-bench handshake, "
                + Instant.now().truncatedTo(ChronoUnit.SECONDS)
                + ", connects "
                + connects
                + " (after "
                + warmup
                + " untimed) per round and mode, server JVM flags "
                + serverJvmFlags
                + " (resumed: -1 when not counted: plaintext, or a plug-in with its own TLS)"
                + "\nround\tprotocol\ttls\tsessions\tconnects\telapsed_ms\tconnects_per_s\tresumed"
                + "\tsession\thistogram_ns\n");
    rows.forEach(r -> b.append(String.join("\t", r)).append('\n'));
    return b.toString();
  }

  /**
   * Each protocol, mode and sessions: connects/s (t interval over rounds), p50 and p99 of a
   * connect, the connects that resumed a session over all rounds.
   */
  static String summary(Map<String, List<HandshakeRounds.Round>> measured) {
    StringBuilder b =
        new StringBuilder(
            "\n| protocol | tls | sessions | connects/s | connect p50 µs | connect p99 µs | resumed"
                + " | session |\n"
                + "| --- | --- | --- | ---: | ---: | ---: | ---: | --- |\n");
    measured.forEach(
        (key, list) -> {
          String[] pm = key.split("\t");
          b.append("| ")
              .append(pm[0])
              .append(" | ")
              .append(pm[1])
              .append(" | ")
              .append(pm[2])
              .append(" | ");
          if (list.stream().noneMatch(HandshakeRounds.Round::shared)) {
            b.append("- | - | - | - | ").append(CANNOT_SHARE).append(" |\n");
            return;
          }
          List<HandshakeRounds.Round> rs =
              list.stream().filter(HandshakeRounds.Round::shared).toList();
          List<Integer> orders = new ArrayList<>();
          for (int i = 1; i <= rs.size(); i++) {
            orders.add(i);
          }
          String units = Estimate.rounds(orders);
          Estimate rate = Estimate.mean("connects/s", HandshakeRounds.rates(rs), units);
          List<Histogram> hs = rs.stream().map(HandshakeRounds.Round::nanos).toList();
          List<Estimate> pct = Estimate.percentiles(QS, hs, units, "rounds");
          b.append(rate.text(0, 1))
              .append(" | ")
              .append(pct.get(0).text(0, 1e-3))
              .append(" | ")
              .append(pct.get(1).text(0, 1e-3))
              .append(" | ")
              .append(resumed(rs))
              .append(" | ")
              .append(rs.get(rs.size() - 1).session())
              .append(" |\n");
        });
    b.append(
        "\nconnects/s: the mean of the rounds with a Student t 95 % interval; connect time: the"
            + " merged histogram of the rounds with a bootstrap 95 % interval over rounds (a"
            + " connect: open the client, its TLS handshake, one hello, close). sessions full:"
            + " each client builds its TLS context afresh; resumed: a round's clients share one"
            + " (a fresh session cache per round, filled by an untimed first connect); resumed:"
            + " the connects that checked no server certificate, of all (-: not counted).\n");
    return b.toString();
  }

  /** The rounds' resumed connects of all their connects, "-" when not counted. */
  private static String resumed(List<HandshakeRounds.Round> list) {
    if (list.get(0).resumed() < 0) {
      return "-";
    }
    int resumed = 0;
    int all = 0;
    for (HandshakeRounds.Round r : list) {
      resumed += r.resumed();
      all += r.connects();
    }
    return resumed + "/" + all;
  }
}
