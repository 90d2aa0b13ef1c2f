package io.rpcxbench.runner.link;

import io.rpcxbench.link.NetworkProfile;
import io.rpcxbench.link.NetworkProfiles;
import io.rpcxbench.link.ShaperReady;
import io.rpcxbench.runner.point.OwnProcesses;
import io.rpcxbench.runner.point.StartedServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * The link-shapers of a sweep across network profiles: one {@code link-shaper.jar} process per
 * shaped profile, listening on 127.0.0.1 with one route per server port ({@code --to}), so that a
 * point on {@code wan} calls its server through the WAN's delay, jitter and rate
 * (docs/network-profiles.md). One wire per direction is shared by every route of a profile, as a
 * real link's is; the points run one at a time, so they never share it. Each shaper's round trip is
 * measured at start ({@link LinkProbe}: an echo reached directly and through it) and recorded with
 * every point, judged against the profile's delay; a shaper that adds more than the profile asks
 * (its own cost) is started again with its delay calibrated ({@link ProxyCalibration}). Every point
 * through a shaper records {@code link: proxy} and {@link LinkProfiles#PROXY_CAVEAT}.
 *
 * <pre>{@code
 * LinkShapers shapers = LinkShapers.start(home, List.of("wan"), "127.0.0.1", Set.of(43117), ...);
 * shapers.port("wan", 43117);   // the shaper's port in front of 43117
 * }</pre>
 */
public final class LinkShapers implements AutoCloseable {
  public static final String JAR = "link-shaper/target/link-shaper.jar";

  /** The ready line's form, read by {@link ShaperReady}, its one reader. */
  private static final Pattern READY = Pattern.compile("(?m)^link-shaper ready .*$");

  private final Map<String, Map<Integer, Integer>> ports = new LinkedHashMap<>();
  private final Map<String, String> settings = new LinkedHashMap<>();
  private final Map<String, Map<String, String>> measured = new LinkedHashMap<>();
  private final List<StartedServer> processes = new ArrayList<>();
  private final OwnProcesses own;
  private final Path home;
  private final String host;
  private final Path logDir;
  private final long readyTimeoutMs;
  private LinkProbe echo;

  private LinkShapers(OwnProcesses own, Path home, String host, Path logDir, long readyTimeoutMs) {
    this.own = own;
    this.home = home;
    this.host = host;
    this.logDir = logDir;
    this.readyTimeoutMs = readyTimeoutMs;
  }

  /** No shaper: every profile is the link as it is. */
  public static LinkShapers none() {
    return new LinkShapers(null, null, null, null, 0);
  }

  /**
   * Starts one link-shaper per shaped profile in front of {@code serverPorts} on {@code host}.
   *
   * @throws IOException when the jar is missing or a shaper did not start (its log's last lines)
   */
  public static LinkShapers start(
      Path home,
      List<String> profiles,
      String host,
      Set<Integer> serverPorts,
      Path logDir,
      OwnProcesses own,
      Consumer<String> log,
      long readyTimeoutMs)
      throws IOException, InterruptedException {
    LinkShapers shapers = new LinkShapers(own, home, host, logDir, readyTimeoutMs);
    Path jar = home.resolve(JAR);
    List<String> shaped = profiles.stream().filter(LinkProfiles::shaped).toList();
    if (!shaped.isEmpty() && !Files.isRegularFile(jar)) {
      throw new IOException(
          JAR + " not found under " + home + "; build with: mvn -B -q package -DskipTests");
    }
    List<Integer> to = new ArrayList<>(new LinkedHashSet<>(serverPorts));
    try {
      LinkProbe.Rtt base = null;
      if (!shaped.isEmpty()) {
        shapers.echo = LinkProbe.start();
        base = LinkProbe.measure(shapers.echo.port());
        to.add(shapers.echo.port());
      }
      for (String profile : shaped) {
        shapers.startCalibrated(profile, to, base, log);
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      shapers.close();
      throw e;
    }
    return shapers;
  }

  /**
   * A shaper for {@code profile}, measured, and when it adds more (or less) than the profile asks,
   * started again with its delay calibrated ({@link ProxyCalibration}) and measured again.
   */
  private void startCalibrated(
      String profile, List<Integer> to, LinkProbe.Rtt base, Consumer<String> log)
      throws IOException, InterruptedException {
    NetworkProfile p = NetworkProfiles.of(home).named(profile);
    double expected = p.addedRttNanos() / 1e6;
    Map<Integer, Integer> routes = launch(profile, to, List.of());
    LinkProbe.Rtt first = LinkProbe.measure(routes.get(echo.port()));
    Map<String, String> facts = new LinkedHashMap<>();
    ProxyCalibration calibration =
        ProxyCalibration.of(p, first.medianMs() - base.medianMs(), expected);
    if (calibration != null) {
      stopLast();
      routes = launch(profile, to, calibration.flags());
      facts.putAll(
          LinkProbe.provenance(base, LinkProbe.measure(routes.get(echo.port())), expected));
      facts.put("link_rtt_uncalibrated_ms", LinkProbe.ms(first.medianMs()));
      facts.put("link_calibration", calibration.describe());
    } else {
      facts.putAll(LinkProbe.provenance(base, first, expected));
      facts.put("link_calibration", "none: the shaper as started added the profile's round trip");
    }
    if (!p.rateText().isEmpty()) {
      facts.put("link_rate", p.rateText()); // a full link is then named as the limit
    }
    routes.remove(echo.port());
    measured.put(profile, facts);
    ports.put(profile, routes);
    log.accept(
        "link-shaper "
            + profile
            + " (pid "
            + processes.get(processes.size() - 1).handle().pid()
            + "; "
            + LinkProfiles.PROXY_CAVEAT
            + "): "
            + settings.get(profile)
            + "; routes "
            + routes
            + "; round trip measured "
            + facts.get("link_rtt_measured_ms")
            + " ms (base "
            + facts.get("link_rtt_base_ms")
            + " ms, spread "
            + facts.get("link_rtt_jitter_ms")
            + " ms"
            + (calibration == null
                ? ""
                : "; uncalibrated " + facts.get("link_rtt_uncalibrated_ms") + " ms")
            + "): "
            + facts.get("link_rtt_check"));
  }

  /** Starts one shaper process for {@code profile}; its routes by server port. */
  private Map<Integer, Integer> launch(String profile, List<Integer> to, List<String> extra)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-jar",
                home.resolve(JAR).toString()));
    Path table = home.resolve(NetworkProfiles.CHECKOUT_TABLE);
    if (Files.isRegularFile(table)) { // the checkout's table, as this runner read it
      command.addAll(List.of("--profiles", table.toString()));
    }
    command.addAll(List.of("--profile", profile, "--listen", "127.0.0.1:0"));
    command.addAll(extra);
    to.forEach(p -> command.addAll(List.of("--to", host + ":" + p)));
    StartedServer shaper =
        StartedServer.start(command, logDir.resolve("link-shaper-" + profile + ".log"));
    processes.add(shaper);
    own.add(shaper.handle(), "link-shaper");
    Map<Integer, Integer> routes = new LinkedHashMap<>();
    for (MatchResult m : shaper.awaitLines(READY, to.size(), readyTimeoutMs)) {
      ShaperReady ready = ShaperReady.parse(m.group()).orElseThrow();
      routes.put(ready.targetPort(), ready.listenPort());
      settings.put(profile, ready.describe());
    }
    return routes;
  }

  private void stopLast() throws InterruptedException {
    StartedServer last = processes.remove(processes.size() - 1);
    last.stop(5_000);
    own.remove(last.handle());
  }

  /** The port to call {@code serverPort} across {@code profile}: the shaper's, or itself. */
  public int port(String profile, int serverPort) {
    Map<Integer, Integer> routes = ports.get(profile);
    if (routes == null) {
      return serverPort;
    }
    Integer p = routes.get(serverPort);
    if (p == null) {
      throw new IllegalStateException("no " + profile + " route to port " + serverPort);
    }
    return p;
  }

  /** The host to call across {@code profile}: the shaper's loopback, or {@code serverHost}. */
  public String host(String profile, String serverHost) {
    return ports.containsKey(profile) ? "127.0.0.1" : serverHost;
  }

  /** What a point across {@code profile} records of its link: the shaper's settings each way. */
  public Map<String, String> provenance(String profile) {
    String s = settings.get(profile);
    if (s == null) {
      return Map.of();
    }
    Map<String, String> m = new LinkedHashMap<>();
    // the way the link was made (the lab records netem or packet): TCP ends at the proxy
    m.put("link", "proxy");
    m.put("link_note", LinkProfiles.PROXY_CAVEAT);
    m.put("link_shaper", s);
    m.putAll(measured.getOrDefault(profile, Map.of()));
    return m;
  }

  @Override
  public void close() {
    for (StartedServer p : processes) {
      try {
        p.stop(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (own != null) {
        own.remove(p.handle());
      }
    }
    processes.clear();
    if (echo != null) {
      try {
        echo.close();
      } catch (IOException e) {
        // closing a listening socket: nothing left to do
      }
    }
  }
}
