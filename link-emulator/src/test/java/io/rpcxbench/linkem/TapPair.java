package io.rpcxbench.linkem;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Two network namespaces, host A and host B, each with a persistent TAP device, joined by a linkem
 * the test starts and stops (a restart keeps the addresses). Names carry this JVM's pid, so two
 * builds never meet; {@link #close} removes both namespaces (and with them the devices), also when
 * a test failed. Probes run at SCHED_FIFO on one core, so the box's other load and cross-core
 * wake-ups add as little as possible to what is measured.
 */
final class TapPair implements AutoCloseable {
  static final String ADDR_A = "198.19.251.1";
  static final String ADDR_B = "198.19.251.2";
  private static final String DEV = "lem0";

  final String nsA;
  final String nsB;
  private final Path stats;
  private Process linkem;
  private Process echo;
  private int echoPort;

  private TapPair(String tag) throws IOException {
    nsA = "lemt" + tag + "a";
    nsB = "lemt" + tag + "b";
    stats = Files.createTempFile("linkem-stats", ".txt");
  }

  /** The pair, or the calling test skipped with why this machine cannot make it. */
  static TapPair create() throws Exception {
    Native.requireBuilt();
    String why = null;
    if (!"0".equals(Native.run(10, List.of("id", "-u")).output().trim())) {
      why = "not root: the packet-link tests make network namespaces and TAP devices";
    } else if (!Files.exists(Path.of("/dev/net/tun"))) {
      why = "no /dev/net/tun (CONFIG_TUN): no TAP devices here";
    } else if (!Native.onPath("ip")) {
      why = "no 'ip' (iproute2) on the PATH";
    }
    if (why != null) {
      System.out.println("[link-emulator] SKIPPED: " + why);
    }
    assumeTrue(why == null, why);
    TapPair pair = new TapPair(Long.toString(ProcessHandle.current().pid() % 100000));
    try {
      pair.build();
    } catch (Exception | AssertionError e) {
      pair.close();
      throw e;
    }
    return pair;
  }

  private void build() throws Exception {
    for (String[] host : new String[][] {{nsA, ADDR_A}, {nsB, ADDR_B}}) {
      sh("ip", "netns", "add", host[0]);
      sh("ip", "-n", host[0], "link", "set", "lo", "up");
      sh("ip", "-n", host[0], "tuntap", "add", "dev", DEV, "mode", "tap");
      sh("ip", "-n", host[0], "addr", "add", host[1] + "/30", "dev", DEV);
    }
    start("", "");
    echo = background(nsB, Native.binary("linkem-probe").toString(), "echo", ADDR_B, "0");
    echoPort = Integer.parseInt(firstLine(echo, "port ").substring(5).trim());
  }

  /** (Re)starts linkem with these netem words for A -> B and B -> A. */
  void start(String up, String down, String... options) throws Exception {
    stop();
    Files.deleteIfExists(stats);
    // on the probes' core: a release then wakes no other (idle) core, ~30-70 us each here;
    // -Dlinkem.cpu=1 gives it a core of its own (a bulk transfer's hosts then keep theirs)
    List<String> command = new ArrayList<>();
    if (Native.onPath("taskset")) {
      command.addAll(
          List.of("taskset", "-c", Integer.toString(Integer.getInteger("linkem.cpu", 0))));
    }
    command.addAll(
        List.of(
            Native.binary("linkem").toString(),
            "--a",
            nsA + ":" + DEV,
            "--b",
            nsB + ":" + DEV,
            "--up",
            up,
            "--down",
            down,
            "--stats",
            stats.toString()));
    command.addAll(List.of(options));
    linkem = new ProcessBuilder(command).redirectErrorStream(true).start();
    firstLine(linkem, "linkem ready");
    sh("ip", "-n", nsA, "link", "set", DEV, "up");
    sh("ip", "-n", nsB, "link", "set", DEV, "up");
  }

  /**
   * Stops linkem (SIGTERM) and returns its last stats as key=value, "up."/"down."/"total."/
   * "window." keys.
   */
  Map<String, String> stop() throws Exception {
    Map<String, String> m = new HashMap<>();
    if (linkem == null) {
      return m;
    }
    linkem.destroy();
    linkem.waitFor(10, TimeUnit.SECONDS);
    linkem = null;
    return readStats();
  }

  /** Starts linkem's window (SIGUSR2: what a runner does as a point starts). */
  void mark() throws Exception {
    sh("kill", "-USR2", String.valueOf(linkem.pid()));
  }

  /** Its stats now (SIGUSR1 writes the file at once), while it runs. */
  Map<String, String> statsNow() throws Exception {
    String old = Files.exists(stats) ? Files.readString(stats) : "";
    sh("kill", "-USR1", String.valueOf(linkem.pid()));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    // the file is replaced whole (rename): a new one reads differently (its elapsed time moved)
    while ((!Files.exists(stats) || Files.readString(stats).equals(old))
        && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    return readStats();
  }

  private Map<String, String> readStats() throws IOException {
    Map<String, String> m = new HashMap<>();
    for (String line : Files.readAllLines(stats)) {
      String[] words = line.split(" ");
      for (int i = 2; i < words.length; i++) {
        String[] kv = words[i].split("=", 2);
        m.put(words[1] + "." + kv[0], kv[1]);
      }
    }
    return m;
  }

  /** The median (and more) of COUNT TCP round trips of 64 bytes from A to B, in microseconds. */
  Map<String, Double> rtt(int count) throws Exception {
    String out =
        inA(
            60,
            Native.binary("linkem-probe").toString(),
            "rtt",
            ADDR_B,
            Integer.toString(echoPort),
            Integer.toString(count));
    Map<String, Double> m = new HashMap<>();
    for (String w : out.substring(out.indexOf("rtt_us ") + 7).trim().split(" ")) {
      String[] kv = w.split("=");
      m.put(kv[0], Double.parseDouble(kv[1]));
    }
    return m;
  }

  /** One TCP transfer of BYTES from A to B; B's measured bits per second. */
  double transfer(long bytes) throws Exception {
    Process sink = background(nsB, Native.binary("linkem-probe").toString(), "sink", ADDR_B, "0");
    try {
      String port = firstLine(sink, "port ").substring(5).trim();
      inA(
          120,
          Native.binary("linkem-probe").toString(),
          "send",
          ADDR_B,
          port,
          Long.toString(bytes));
      String line = firstLine(sink, "bytes ");
      String[] w = line.split(" ");
      if (Long.parseLong(w[1]) != bytes) {
        throw new AssertionError("B received " + w[1] + " of " + bytes + " bytes: " + line);
      }
      return Double.parseDouble(w[5]);
    } finally {
      sink.destroy();
    }
  }

  /** A counter of a namespace's /proc/net/snmp or /proc/net/netstat, e.g. Tcp RetransSegs. */
  long counter(String ns, String file, String group, String name) throws Exception {
    List<String> lines = sh("ip", "netns", "exec", ns, "cat", file).lines().toList();
    for (int i = 0; i + 1 < lines.size(); i++) {
      if (lines.get(i).startsWith(group + ":") && lines.get(i + 1).startsWith(group + ":")) {
        List<String> keys = List.of(lines.get(i).split("\\s+"));
        String[] values = lines.get(i + 1).split("\\s+");
        int k = keys.indexOf(name);
        if (k > 0) {
          return Long.parseLong(values[k]);
        }
      }
    }
    throw new AssertionError(group + " " + name + " not in " + file);
  }

  private String inA(long timeout, String... command) throws Exception {
    List<String> c = new ArrayList<>(pinned(nsA));
    c.addAll(List.of(command));
    Native.Result r = Native.run(timeout, c);
    if (r.exitCode() != 0) {
      throw new AssertionError(String.join(" ", c) + " failed: " + r.output());
    }
    return r.output();
  }

  private static List<String> pinned(String ns) {
    List<String> c = new ArrayList<>(List.of("ip", "netns", "exec", ns));
    if (Native.onPath("chrt")) {
      c.addAll(List.of("chrt", "-f", "5"));
    }
    if (Native.onPath("taskset")) {
      c.addAll(List.of("taskset", "-c", "0"));
    }
    return c;
  }

  private static Process background(String ns, String... command) throws IOException {
    List<String> c = new ArrayList<>(pinned(ns));
    c.addAll(List.of(command));
    return new ProcessBuilder(c).redirectErrorStream(true).start();
  }

  private static final Map<Process, BufferedReader> READERS = new HashMap<>();

  /** Reads the process's output up to the first line starting with prefix. */
  private static String firstLine(Process p, String prefix)
      throws IOException, InterruptedException {
    BufferedReader r =
        READERS.computeIfAbsent(
            p,
            k ->
                new BufferedReader(
                    new InputStreamReader(k.getInputStream(), StandardCharsets.UTF_8)));
    StringBuilder seen = new StringBuilder();
    for (String line; (line = r.readLine()) != null; ) {
      if (line.startsWith(prefix)) {
        return line;
      }
      seen.append(line).append('\n');
    }
    throw new AssertionError(
        "no '"
            + prefix
            + "' line from "
            + p.info().command().orElse("?")
            + " (exit "
            + p.waitFor()
            + "):\n"
            + seen);
  }

  private static String sh(String... command) throws Exception {
    Native.Result r = Native.run(30, List.of(command));
    if (r.exitCode() != 0) {
      throw new AssertionError(String.join(" ", command) + " failed: " + r.output());
    }
    return r.output();
  }

  @Override
  public void close() throws Exception {
    try {
      stop();
    } finally {
      if (echo != null) {
        echo.destroy();
      }
      for (String ns : new String[] {nsA, nsB}) {
        Native.run(30, List.of("ip", "netns", "del", ns));
      }
      Files.deleteIfExists(stats);
    }
  }
}
