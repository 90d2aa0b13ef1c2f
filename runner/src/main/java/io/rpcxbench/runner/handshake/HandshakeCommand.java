package io.rpcxbench.runner.handshake;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.raw.AtomicText;
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
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
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
 * the merged histograms, bootstrap interval over rounds), and how many connects resumed ({@link
 * HandshakeResults}).
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
    HandshakeResults results = new HandshakeResults();
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
                            log.line(results.add(round, protocol, mode, how, r));
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
    AtomicText.write(out.resolve("handshake.tsv"), results.tsv(connects, warmup, serverJvmFlags));
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.print(results.summary());
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
}
