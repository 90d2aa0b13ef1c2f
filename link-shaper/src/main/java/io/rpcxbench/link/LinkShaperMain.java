package io.rpcxbench.link;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.api.ExitCodes;
import io.rpcxbench.api.RpcxBenchVersion;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar link-shaper.jar --profile wan --to 127.0.0.1:8081}: a shaped link on loopback,
 * no root needed. Prints one ready line per route ({@link ShaperReady}), then carries connections
 * until SIGTERM or Ctrl-C. Exit codes: 0 stopped, 1 could not listen, 2 bad usage.
 */
@Command(
    name = "link-shaper",
    mixinStandardHelpOptions = true,
    versionProvider = LinkShaperMain.Version.class,
    description = {
      "A network profile's delay, jitter and rate between a client and a server on this machine,",
      "without root: a TCP proxy per --to (deploy/lab.sh is the same profiles with netem, as root).",
      "Loss, reordering and duplication need packets: only the lab has them."
    },
    footer = {
      "",
      ExitCodes.POINTER,
      "",
      "Example: a WAN between the harness and an RPCX server on port 8081:",
      "  java -jar link-shaper/target/link-shaper.jar --profile wan --to 127.0.0.1:8081 --listen 127.0.0.1:9081",
      "  java -jar client-harness/target/client-harness.jar --protocol rpcx --host 127.0.0.1 --port 9081 ..."
    })
public final class LinkShaperMain implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;
  @Mixin LinkSettings settings = new LinkSettings();

  @Option(
      names = "--to",
      paramLabel = "HOST:PORT",
      description = "a server to carry connections to (repeatable: one listener each)")
  List<String> targets = new ArrayList<>();

  @Option(
      names = "--listen",
      paramLabel = "HOST[:PORT]",
      description = "where to listen (default ${DEFAULT-VALUE}; port 0 = a free one per route)")
  String listen = "127.0.0.1:0";

  @Option(
      names = "--seed",
      description = "the jitter's random seed (default: from the clock, printed)")
  Long seed;

  @Option(
      names = "--profiles",
      paramLabel = "FILE",
      description =
          "the table of profiles (default: the copy of deploy/network-profiles.tsv in this jar)")
  java.nio.file.Path table;

  @Option(names = "--list", description = "print the named profiles and exit")
  boolean list;

  @Option(
      names = "--show",
      description =
          "print the profile with the flags' changes as KEY=VALUE lines (profile, up_delay ..."
              + " down_rate, description) and exit: what deploy/lab.sh reads")
  boolean show;

  @Option(
      names = "--check-rtt",
      paramLabel = "ADDED_MS,PROFILE_MS",
      description =
          "judge a measured added RTT against the profile's (LinkTolerance): print ok or off: ..."
              + " and exit 0 (what deploy/lab.sh asks)")
  String checkRtt;

  @Option(
      names = "--check-rtt-accuracy",
      paramLabel = "ADDED_MS,PROFILE_MS,ROUND_TRIPS",
      description =
          "judge a measured added RTT by the accuracy rule (+-2 % or +-20 us, from 1000 round"
              + " trips): print held: ..., the box could not hold it: ... or unjudged: ... and exit"
              + " 0 (what deploy/lab.sh reports)")
  String checkRttAccuracy;

  @Option(
      names = "--check-rate",
      paramLabel = "MEASURED_BPS,PROFILE_BPS",
      description = "judge a measured rate against the profile's: print ok or off: ... and exit 0")
  String checkRate;

  public static void main(String[] args) {
    System.exit(new CommandLine(new LinkShaperMain()).execute(args));
  }

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (checkRtt != null || checkRate != null || checkRttAccuracy != null) {
      try {
        if (checkRtt != null) {
          double[] v = numbers("--check-rtt", checkRtt, 2);
          out.println(LinkTolerance.rtt(v[0], v[1]));
        }
        if (checkRttAccuracy != null) {
          double[] v = numbers("--check-rtt-accuracy", checkRttAccuracy, 3);
          if (v[2] < 0 || v[2] != Math.rint(v[2]) || v[2] > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                "--check-rtt-accuracy: ROUND_TRIPS must be a whole number >= 0; got '"
                    + checkRttAccuracy
                    + "'");
          }
          out.println(LinkTolerance.rttAccuracy(v[0], v[1], (int) v[2]));
        }
        if (checkRate != null) {
          double[] v = numbers("--check-rate", checkRate, 2);
          out.println(LinkTolerance.rate(v[0], v[1]));
        }
      } catch (IllegalArgumentException e) {
        err.println("link-shaper: " + e.getMessage());
        err.flush();
        return ExitCode.USAGE.code();
      }
      out.flush();
      return ExitCode.OK.code();
    }
    NetworkProfiles profiles;
    try {
      profiles = table == null ? NetworkProfiles.packed() : NetworkProfiles.read(table);
    } catch (IllegalArgumentException e) {
      err.println("link-shaper: " + e.getMessage());
      err.flush();
      return ExitCode.USAGE.code();
    }
    if (list) {
      profiles
          .all()
          .forEach(
              p ->
                  out.printf(
                      "%-12s %s%n             up:   %s%n             down: %s%n",
                      p.name(), p.description(), p.up().describe(), p.down().describe()));
      out.flush();
      return ExitCode.OK.code();
    }
    NetworkProfile profile;
    List<InetSocketAddress[]> routes = new ArrayList<>();
    try {
      profile = settings.resolve(profiles);
      if (show) {
        profile.settings().forEach((k, v) -> out.println(k + "=" + v));
        out.flush();
        return ExitCode.OK.code();
      }
      if (targets.isEmpty()) {
        throw new IllegalArgumentException(
            "--to HOST:PORT is required (the server to carry connections to)");
      }
      InetSocketAddress where = address("--listen", listen, true);
      if (targets.size() > 1 && where.getPort() != 0) {
        throw new IllegalArgumentException(
            "--listen with a port takes one --to; give port 0 for several");
      }
      for (String t : targets) {
        routes.add(new InetSocketAddress[] {where, address("--to", t, false)});
      }
    } catch (IllegalArgumentException e) {
      err.println("link-shaper: " + e.getMessage());
      err.flush();
      return ExitCode.USAGE.code();
    }
    long s = seed != null ? seed : System.nanoTime();
    List<LinkShaper> shapers = new ArrayList<>();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  shapers.forEach(LinkShaper::close);
                  stopped.countDown();
                }));
    for (InetSocketAddress[] r : routes) {
      try {
        LinkShaper shaper = LinkShaper.start(profile, r[0], r[1], s);
        shapers.add(shaper);
        out.println(
            ShaperReady.line(
                hostPort(shaper.address()), hostPort(r[1]), profile, settings.modified(), s));
        out.flush();
      } catch (IllegalArgumentException e) {
        err.println("link-shaper: " + e.getMessage());
        err.flush();
        shapers.forEach(LinkShaper::close);
        return ExitCode.USAGE.code();
      } catch (RuntimeException e) {
        err.println("link-shaper: cannot listen on " + hostPort(r[0]) + ": " + e.getMessage());
        err.flush();
        shapers.forEach(LinkShaper::close);
        return ExitCode.FAILED.code();
      }
    }
    stopped.await();
    return ExitCode.OK.code();
  }

  private static InetSocketAddress address(String option, String value, boolean portOptional) {
    int colon = value.lastIndexOf(':');
    String host = colon < 0 ? value : value.substring(0, colon);
    String port = colon < 0 ? (portOptional ? "0" : "") : value.substring(colon + 1);
    if (host.isEmpty() || !port.matches("[0-9]{1,5}") || Integer.parseInt(port) > 65535) {
      throw new IllegalArgumentException(option + " must look like HOST:PORT, got '" + value + "'");
    }
    return new InetSocketAddress(host, Integer.parseInt(port));
  }

  private static String hostPort(InetSocketAddress a) {
    return a.getHostString() + ":" + a.getPort();
  }

  /** --version: the one version line of every rpcx-bench jar. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {RpcxBenchVersion.line()};
    }
  }

  /** {@code "0.9,0.2"}: the two numbers; else the option and the text in the message. */
  private static double[] numbers(String option, String text, int count) {
    String[] parts = text.split(",", -1);
    try {
      if (parts.length == count) {
        double[] v = new double[count];
        for (int i = 0; i < count; i++) {
          v[i] = Double.parseDouble(parts[i].trim());
          if (!Double.isFinite(v[i])) {
            throw new NumberFormatException(parts[i]);
          }
        }
        return v;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new IllegalArgumentException(
        option
            + " takes "
            + count
            + " numbers, "
            + (count == 2 ? "MEASURED,PROFILE" : "ADDED_MS,PROFILE_MS,ROUND_TRIPS")
            + "; got '"
            + text
            + "'");
  }
}
