package io.rpcxbench.report.wire;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A network namespace's loopback counters at one moment, as bench/wire-bytes.sh copied them into a
 * folder: {@code tx_bytes}, {@code tx_packets}, {@code rx_bytes}, {@code rx_packets} (from
 * /sys/class/net/lo/statistics) and {@code snmp} (/proc/net/snmp, for TCP's ActiveOpens).
 *
 * <pre>{@code
 * LoopbackCounters run = LoopbackCounters.read(dir.resolve("after"))
 *     .minus(LoopbackCounters.read(dir.resolve("before")));
 * }</pre>
 */
record LoopbackCounters(
    long txBytes, long txPackets, long rxBytes, long rxPackets, long activeOpens) {

  static final List<String> FILES = List.of("tx_bytes", "tx_packets", "rx_bytes", "rx_packets");

  static LoopbackCounters read(Path dir) throws IOException {
    long[] v = new long[FILES.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = number(dir.resolve(FILES.get(i)), Files.readString(dir.resolve(FILES.get(i))).strip());
    }
    return new LoopbackCounters(v[0], v[1], v[2], v[3], activeOpens(dir.resolve("snmp")));
  }

  /** What happened between {@code earlier} and this. */
  LoopbackCounters minus(LoopbackCounters earlier) {
    return new LoopbackCounters(
        txBytes - earlier.txBytes,
        txPackets - earlier.txPackets,
        rxBytes - earlier.rxBytes,
        rxPackets - earlier.rxPackets,
        activeOpens - earlier.activeOpens);
  }

  /** The value under "ActiveOpens" on /proc/net/snmp's second "Tcp:" line (the first names). */
  private static long activeOpens(Path snmp) throws IOException {
    List<String> tcp =
        Files.readAllLines(snmp).stream().filter(l -> l.startsWith("Tcp:")).limit(2).toList();
    if (tcp.size() == 2) {
      List<String> names = List.of(tcp.get(0).trim().split("\\s+"));
      String[] values = tcp.get(1).trim().split("\\s+");
      int at = names.indexOf("ActiveOpens");
      if (at > 0 && at < values.length) {
        return number(snmp, values[at]);
      }
    }
    throw new IOException(snmp + ": no Tcp: ActiveOpens in it");
  }

  private static long number(Path file, String text) throws IOException {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IOException(file + ": not a count: '" + text + "'");
    }
  }
}
