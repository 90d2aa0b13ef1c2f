package io.rpcxbench.runner.handshake;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.raw.Histograms;
import io.rpcxbench.runner.point.ClassDataArchives;
import io.rpcxbench.runner.point.CommandVersion;
import io.rpcxbench.runner.point.Install;
import io.rpcxbench.runner.point.LocalServers;
import io.rpcxbench.runner.point.OutFolderRun;
import io.rpcxbench.runner.point.OwnProcesses;
import io.rpcxbench.runner.point.RunTls;
import io.rpcxbench.runner.point.SweepLog;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.stats.Estimate;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code rpcx-bench handshake}: what a new connection costs each protocol, plaintext and over TLS,
 * apart from its steady calls (issue 27): the servers started here, one set per TLS mode, then in
 * each round, protocols rotated and TLS modes alternated, {@link HandshakeRounds} of connects, over
 * TLS both with full handshakes and with sessions resumed across clients ({@code --sessions}).
 * Writes {@code handshake.tsv} (a row per round, with its histogram) and prints each protocol's
 * connects per second (mean over rounds, Student t 95 % interval) and connect time (p50 / p99 of
 * the merged histograms, bootstrap interval over rounds), and how many connects resumed.
 */
@Command(
    name = "handshake",
    mixinStandardHelpOptions = true,
    versionProvider = CommandVersion.class,
    header = "What a new connection costs, plaintext and over TLS.",
    description = {
      "Starts each protocol's server on 127.0.0.1 once per --tls mode, then per round (protocols",
      "rotated, modes alternated) opens --connects clients one after another: connect, the TLS",
      "handshake, one hello, close. --sessions full: each client builds its TLS context afresh;",
      "resumed: a round's clients share one, so a connect resumes an earlier one's session.",
      "Example: rpcx-bench handshake --protocol rpcx,grpc-tuned,thrift --tls off,tls,mtls"
    })
public final class HandshakeCommand implements Callable<Integer> {
  private final Install install;

  public HandshakeCommand(Install install) {
    this.install = install;
  }

  private static final double[] QS = {50, 99};

  @Spec CommandSpec spec;

  @Option(
      names = "--protocol",
      split = ",",
      paramLabel = "ID[,ID...]",
      description = "Protocols (default ${DEFAULT-VALUE}).")
  List<String> protocols = List.of("rpcx", "grpc-tuned", "http-json", "resp", "thrift");

  @Option(
      names = "--tls",
      split = ",",
      paramLabel = "MODE[,MODE...]",
      description = "off, tls, mtls (default ${DEFAULT-VALUE}).")
  List<String> modes = List.of("off", "tls");

  @Option(
      names = "--sessions",
      split = ",",
      paramLabel = "full|resumed[,...]",
      description =
          "Over TLS: full handshakes (a context per client), sessions resumed (one context"
              + " shared by a round's clients), or both (default ${DEFAULT-VALUE}).")
  List<String> sessions = List.of("full", "resumed");

  @Option(
      names = "--connects",
      description = "Timed connects per round (default ${DEFAULT-VALUE}).")
  int connects = 200;

  @Option(
      names = "--warmup",
      paramLabel = "N",
      description = "Untimed connects before each round's (default ${DEFAULT-VALUE}).")
  int warmup = 50;

  @Option(names = "--rounds", description = "Rounds (default ${DEFAULT-VALUE}).")
  int rounds = 3;

  @Option(
      names = "--out",
      converter = io.rpcxbench.harness.config.OutFolderConverter.class,
      description = "The folder (default ${DEFAULT-VALUE}).")
  Path out = Path.of("results", "handshake");

  @Option(
      names = "--server-jvm-flags",
      paramLabel = "FLAGS",
      description = "The servers' JVM flags (default ${DEFAULT-VALUE}).")
  String serverJvmFlags = "-Xms384m -Xmx384m -XX:+UseSerialGC";

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    ProtocolCatalog catalog = ProtocolCatalog.onClassPath();
    Map<String, CatalogEntry> entries = checked(catalog);
    SweepLog log = new SweepLog(err);
    Files.createDirectories(out);
    List<String[]> rows = new ArrayList<>();
    Map<String, List<HandshakeRounds.Round>> measured = new LinkedHashMap<>();
    List<LocalServers> started = new ArrayList<>();
    int code =
        new OutFolderRun(out, "handshake", log)
            .run(
                "pid " + ProcessHandle.current().pid(),
                h -> "another handshake run is using " + out + " (" + h + ")",
                new OutFolderRun.Steps() {
                  @Override
                  public int work(OwnProcesses own) throws IOException, InterruptedException {
                    Map<String, Map<String, Integer>> ports = new LinkedHashMap<>();
                    for (String mode : modes) {
                      RunTls tls = RunTls.of(mode, out);
                      tls.make(install.home(), "127.0.0.1", log::line);
                      Path logs = Files.createDirectories(out.resolve("servers-" + mode));
                      LocalServers servers =
                          new LocalServers(
                              install.home(),
                              "127.0.0.1",
                              List.of(),
                              List.of(serverJvmFlags.trim().split("\\s+")),
                              logs.toAbsolutePath(),
                              log::line,
                              own,
                              180_000,
                              ClassDataArchives.inUserCache());
                      started.add(servers);
                      ports.put(
                          mode,
                          servers.startAll(new ArrayList<>(entries.values()), tls.serverArgs()));
                    }
                    List<String> order = new ArrayList<>(protocols);
                    for (int round = 1; round <= rounds; round++) {
                      for (String protocol : order) {
                        for (String mode : modes) {
                          for (HandshakeRounds.Sessions how : sessionsOf(mode)) {
                            HandshakeRounds.Round r =
                                HandshakeRounds.measure(
                                    catalog,
                                    protocol,
                                    HandshakeRounds.options(
                                        "127.0.0.1",
                                        ports.get(mode).get(protocol),
                                        clientTls(mode)),
                                    how,
                                    connects,
                                    warmup);
                            measured
                                .computeIfAbsent(
                                    protocol + "\t" + mode + "\t" + how.label(),
                                    k -> new ArrayList<>())
                                .add(r);
                            rows.add(row(round, protocol, mode, r));
                            log.line(line(round, protocol, mode, r));
                          }
                        }
                      }
                      Collections.rotate(order, -1);
                    }
                    return ExitCode.OK.code();
                  }

                  @Override
                  public void interrupted() {
                    close();
                  }

                  @Override
                  public void close() {
                    for (LocalServers s : started) {
                      try {
                        s.close();
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                    }
                  }
                });
    if (code != ExitCode.OK.code()) {
      return code;
    }
    AtomicText.write(out.resolve("handshake.tsv"), tsv(rows));
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.print(summary(measured));
    stdout.flush();
    return ExitCode.OK.code();
  }

  /** Plaintext has no session to resume: full only. */
  private List<HandshakeRounds.Sessions> sessionsOf(String mode) {
    List<HandshakeRounds.Sessions> list = new ArrayList<>();
    for (String s : sessions) {
      HandshakeRounds.Sessions how = HandshakeRounds.Sessions.of(s);
      if (!list.contains(how) && (how == HandshakeRounds.Sessions.FULL || !mode.equals("off"))) {
        list.add(how);
      }
    }
    return list;
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

  /** The protocols' catalog entries; one line and exit 2 for what cannot run. */
  private Map<String, CatalogEntry> checked(ProtocolCatalog catalog) {
    Map<String, CatalogEntry> all = new LinkedHashMap<>();
    HarnessPoints.catalog().forEach(e -> all.put(e.id(), e));
    Map<String, CatalogEntry> chosen = new LinkedHashMap<>();
    for (String mode : modes) {
      try {
        RunTls.checked(mode);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), e.getMessage());
      }
    }
    boolean tls = modes.stream().anyMatch(m -> !m.equals("off"));
    for (String p : protocols) {
      ProtocolProvider provider =
          catalog
              .find(p)
              .orElseThrow(
                  () ->
                      new ParameterException(
                          spec.commandLine(), "--protocol: " + catalog.unknown(p)));
      if (tls && !provider.supportsTls()) {
        throw new ParameterException(
            spec.commandLine(), "--tls: " + p + " has no TLS wired (docs/tls.md)");
      }
      chosen.put(p, all.get(p));
    }
    for (String s : sessions) {
      try {
        HandshakeRounds.Sessions.of(s);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), e.getMessage());
      }
    }
    if (connects < 1 || warmup < 0 || rounds < 1) {
      throw new ParameterException(
          spec.commandLine(), "--connects and --rounds must be at least 1, --warmup at least 0");
    }
    return chosen;
  }

  private ClientTls clientTls(String mode) {
    Path dir = out.toAbsolutePath().resolve("tls");
    return switch (mode) {
      case "tls" -> ClientTls.trusting(dir.resolve("ca.pem"));
      case "mtls" ->
          new ClientTls(
              dir.resolve("ca.pem"), dir.resolve("client.pem"), dir.resolve("client-key.pem"));
      default -> null;
    };
  }

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

  private String tsv(List<String[]> rows) {
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
