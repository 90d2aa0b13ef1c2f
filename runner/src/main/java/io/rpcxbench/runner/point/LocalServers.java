package io.rpcxbench.runner.point;

import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The servers of --local and --lab: each distinct server of the selected protocols once (protocols
 * that share a jar, arguments and port share it), on a free port of {@code bind} ({@code --port 0},
 * the port read from the ready line); or, for a chain, per protocol two services and a gateway
 * ({@code --chain-to} them). Commands start with {@code runner} (e.g. {@code lab.sh exec b --}).
 *
 * <pre>{@code
 * try (LocalServers servers =
 *     new LocalServers(home, "127.0.0.1", List.of(), flags, logs, log, own, 60_000, archives)) {
 *   Map<String, Integer> ports = servers.startAll(entries, List.of());
 * }
 * }</pre>
 */
public final class LocalServers implements AutoCloseable {
  static final long STOP_GRACE_MS = 15_000;

  private final Path home;
  private final String bind;
  private final List<String> runner;
  private final List<String> jvmFlags;
  private final Path logDir;
  private final Consumer<String> log;
  private final OwnProcesses own;
  private final long readyTimeoutMs;
  private final ClassDataArchives archives;
  private final Map<String, List<StartedServer>> byProtocol = new LinkedHashMap<>();
  private final List<StartedServer> all = new ArrayList<>();

  public LocalServers(
      Path home,
      String bind,
      List<String> runner,
      List<String> jvmFlags,
      Path logDir,
      Consumer<String> log,
      OwnProcesses own,
      long readyTimeoutMs,
      ClassDataArchives archives) {
    this.home = home;
    this.bind = bind;
    this.runner = List.copyOf(runner);
    this.jvmFlags = List.copyOf(jvmFlags);
    this.logDir = logDir;
    this.log = log;
    this.own = own;
    this.readyTimeoutMs = readyTimeoutMs;
    this.archives = archives;
  }

  /** Starts the servers of {@code protocols}; each protocol's port. */
  public Map<String, Integer> startAll(List<CatalogEntry> protocols, List<String> workArgs)
      throws IOException, InterruptedException {
    Map<String, List<CatalogEntry>> distinct = new LinkedHashMap<>();
    for (CatalogEntry e : protocols) {
      if (e.serverJar().isEmpty()) {
        log.accept(e.id() + ": no server jar in the catalog; it must be listening already");
        continue;
      }
      String key = e.serverJar() + "|" + String.join(" ", e.serverArgs()) + "|" + e.defaultPort();
      distinct.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
    }
    List<StartedServer> started = new ArrayList<>();
    for (List<CatalogEntry> sharing : distinct.values()) {
      CatalogEntry e = sharing.get(0);
      String name = e.id();
      List<String> args = new ArrayList<>(e.serverArgs());
      args.addAll(workArgs);
      StartedServer s =
          spawn(jar(e.serverJar(), e.id()), args, logDir.resolve("server-" + name + ".log"));
      started.add(s);
      log.accept(
          "started the server of "
              + ids(sharing)
              + " (pid "
              + s.handle().pid()
              + ", JVM flags "
              + (jvmFlags.isEmpty() ? "none" : String.join(" ", jvmFlags))
              + ", log "
              + s.log()
              + ")");
    }
    Map<String, Integer> ports = new LinkedHashMap<>();
    int i = 0;
    for (List<CatalogEntry> sharing : distinct.values()) {
      StartedServer s = started.get(i++);
      s.awaitReady(readyTimeoutMs);
      for (CatalogEntry e : sharing) {
        ports.put(e.id(), s.port());
        byProtocol.computeIfAbsent(e.id(), k -> new ArrayList<>()).add(s);
      }
      log.accept(
          "server of "
              + ids(sharing)
              + " ready on "
              + bind
              + ":"
              + s.port()
              + " ("
              + s.readyLine()
              + ")");
    }
    return ports;
  }

  /**
   * Starts {@code e}'s chain: services 1 and 2 with the work, then the gateway with {@code
   * --chain-to} them. Returns the gateway's port, or -1 when the gateway refused (exit 2: the
   * protocol cannot be a chain).
   */
  public int startChain(CatalogEntry e, List<String> workArgs)
      throws IOException, InterruptedException {
    Path serverJar = jar(e.serverJar(), e.id());
    List<StartedServer> chain = new ArrayList<>();
    byProtocol.put(e.id(), chain);
    List<Integer> ports = new ArrayList<>();
    for (int i = 1; i <= 2; i++) {
      List<String> args = new ArrayList<>(e.serverArgs());
      args.addAll(workArgs);
      StartedServer s =
          spawn(serverJar, args, logDir.resolve("server-" + e.id() + "-service-" + i + ".log"));
      chain.add(s);
    }
    for (StartedServer s : chain) {
      s.awaitReady(readyTimeoutMs);
      ports.add(s.port());
    }
    List<String> args = new ArrayList<>(e.serverArgs());
    args.addAll(
        List.of(
            "--chain-to",
            bind + ":" + ports.get(0) + "," + bind + ":" + ports.get(1),
            "--chain-protocol",
            e.id()));
    Path gatewayJar = jar(e.gatewayJar().isEmpty() ? e.serverJar() : e.gatewayJar(), e.id());
    StartedServer gateway =
        spawn(gatewayJar, args, logDir.resolve("server-" + e.id() + "-gateway.log"));
    chain.add(gateway);
    try {
      gateway.awaitReady(readyTimeoutMs);
    } catch (StartedServer.NotReady refused) {
      if (refused.exitCode == 2) {
        log.accept(e.id() + " cannot be a chain gateway, its points are skipped");
        stop(e.id());
        return -1;
      }
      throw refused;
    }
    log.accept(
        "chain of "
            + e.id()
            + " ready: gateway "
            + bind
            + ":"
            + gateway.port()
            + " -> services "
            + bind
            + ":"
            + ports.get(0)
            + ", "
            + bind
            + ":"
            + ports.get(1));
    return gateway.port();
  }

  /** The pids of {@code protocol}'s servers (the harness reads their CPU and memory). */
  public List<Long> pids(String protocol) {
    return byProtocol.getOrDefault(protocol, List.of()).stream()
        .map(s -> s.handle().pid())
        .toList();
  }

  /** Stops {@code protocol}'s servers (a chain's, after its points). */
  public void stop(String protocol) throws InterruptedException {
    List<StartedServer> servers = byProtocol.remove(protocol);
    if (servers == null) {
      return;
    }
    for (StartedServer s : servers) {
      if (byProtocol.values().stream().noneMatch(l -> l.contains(s))) {
        s.stop(STOP_GRACE_MS);
        own.remove(s.handle());
        all.remove(s);
      }
    }
  }

  private StartedServer spawn(Path jar, List<String> args, Path logFile) throws IOException {
    List<String> command = new ArrayList<>(runner);
    command.add(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString());
    ClassDataArchives.Archive archive = archives.forJvm(jar.toString(), jvmFlags);
    command.addAll(archive.flags());
    command.addAll(jvmFlags);
    command.add(StartedServer.WATCH_PARENT); // it stops when this JVM is gone, even SIGKILLed
    command.addAll(List.of("-jar", jar.toString(), "--bind", bind, "--port", "0"));
    command.addAll(args);
    StartedServer s = StartedServer.start(command, logFile, archive);
    if (!own.add(s.handle(), "server")) {
      archive.discard();
      throw new IOException("not started: the run is stopping (SIGTERM or Ctrl-C)");
    }
    all.add(s);
    return s;
  }

  /** The jar at {@code rel} under the repository, or its name beside the launcher (a deploy). */
  private Path jar(String rel, String id) throws IOException {
    for (Path c : List.of(home.resolve(rel), home.resolve(Path.of(rel).getFileName()))) {
      if (Files.isRegularFile(c)) {
        return c;
      }
    }
    throw new IOException(
        "server jar "
            + rel
            + " (for "
            + id
            + ") not found under "
            + home
            + "; build with: mvn -B -q package -DskipTests");
  }

  private static String ids(List<CatalogEntry> sharing) {
    return String.join(" ", sharing.stream().map(CatalogEntry::id).toList());
  }

  @Override
  public void close() throws InterruptedException {
    for (StartedServer s : List.copyOf(all)) {
      s.stop(STOP_GRACE_MS);
      own.remove(s.handle());
    }
    if (!all.isEmpty()) {
      log.accept("servers stopped");
    }
    all.clear();
    byProtocol.clear();
  }
}
