package io.rpcxbench.harness.measure;

import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.spi.ClientOptions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The TCP data segments each way on this host's connections to the servers during a run, from the
 * kernel's {@code tcp_info} of each socket ({@code data_segs_out}, {@code data_segs_in}), read with
 * iproute2's {@code ss} before and after the run. Segments to the server tell how the client wrote
 * its calls: with Nagle off each write leaves as its own segment unless it is larger than one (on
 * loopback: 64 KiB), so calls per segment is ~1 for a client that writes every call alone and ~N
 * for one that coalesces N calls into a write (RPCX's client at 64 in flight). Unlike the server's
 * {@code read} system calls ({@code server_reads}) it counts for every stack, Netty's native epoll
 * ({@code recv}) and a server on another host included. Columns {@code segments_to_server}, {@code
 * segments_from_server}, {@code calls_per_segment_to_server} and the bytes each way ({@code
 * bytes_to_server}: acknowledged by the server's TCP); absent when {@code ss} cannot be run, and
 * empty in a run during which a connection closed (its segments are lost with it).
 *
 * <pre>{@code
 * TcpSegments segments = TcpSegments.to(options);   // the servers' ports
 * TcpSegments.Sample before = segments.sample();
 * RunResult counted = segments.addTo(runner.run(order), before);
 * }</pre>
 */
public final class TcpSegments {
  private static final Pattern SEGS_OUT = Pattern.compile("\\bsegs_out:\\d+");
  private static final Pattern OUT = Pattern.compile("\\bdata_segs_out:(\\d+)");
  private static final Pattern IN = Pattern.compile("\\bdata_segs_in:(\\d+)");
  private static final Pattern ACKED = Pattern.compile("\\bbytes_acked:(\\d+)");
  private static final Pattern RECEIVED = Pattern.compile("\\bbytes_received:(\\d+)");
  private static final long SS_TIMEOUT_SECONDS = 5;

  /** The columns, in their order. */
  static final java.util.List<String> COLUMNS =
      java.util.List.of(
          "segments_to_server",
          "segments_from_server",
          "bytes_to_server",
          "bytes_from_server",
          "calls_per_segment_to_server");

  /** Runs {@code ss} with these arguments and returns its output's lines. */
  interface Ss {
    List<String> run(List<String> args) throws IOException, InterruptedException;
  }

  /**
   * Each connection's data segments out and in and bytes out (acknowledged) and in, by its
   * addresses.
   */
  public record Sample(Map<String, long[]> sockets) {}

  private final Ss ss;
  private final Set<Integer> ports;

  /** Whether a sample has been read: from then on every run gets the columns, empty if need be. */
  private volatile boolean counting;

  TcpSegments(Ss ss, Set<Integer> ports) {
    this.ss = ss;
    this.ports = new TreeSet<>(ports);
  }

  /** To the servers of {@code options}, read with the {@code ss} on the PATH. */
  public static TcpSegments to(ClientOptions options) {
    return toPorts(
        options.servers().stream().map(InetSocketAddress::getPort).collect(Collectors.toSet()));
  }

  /** To these server ports, read with the {@code ss} on the PATH. */
  static TcpSegments toPorts(Set<Integer> ports) {
    return new TcpSegments(TcpSegments::runSs, ports);
  }

  /** The segments so far; null when they cannot be read (no {@code ss}, no ports, a failure). */
  public Sample sample() {
    if (ports.isEmpty()) {
      return null;
    }
    List<String> args = new ArrayList<>(List.of("-tinHO", "state", "established", "("));
    boolean first = true;
    for (int port : ports) {
      if (!first) {
        args.add("or");
      }
      args.add("dport");
      args.add("=");
      args.add(":" + port);
      first = false;
    }
    args.add(")");
    try {
      Sample sample = parse(ss.run(args));
      counting |= sample != null;
      return sample;
    } catch (IOException | RuntimeException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** {@code r} with the segment columns since {@code before}, or as it was when not counted. */
  public RunResult addTo(RunResult r, Sample before) {
    if (before == null && !counting) {
      return r;
    }
    Sample after = before == null ? null : sample();
    if (after == null || !after.sockets().keySet().containsAll(before.sockets().keySet())) {
      // a connection closed during the run: its segments are gone with it. Once counted, the
      // columns stay, empty, as every row of a file has the same columns.
      Map<String, String> uncounted = new LinkedHashMap<>();
      for (String column : COLUMNS) {
        uncounted.put(column, "");
      }
      return r.withExtra(uncounted);
    }
    long[] used = new long[4];
    for (Map.Entry<String, long[]> s : after.sockets().entrySet()) {
      long[] then = before.sockets().getOrDefault(s.getKey(), new long[4]);
      for (int i = 0; i < used.length; i++) {
        used[i] += Math.max(0, s.getValue()[i] - then[i]);
      }
    }
    long out = used[0];
    long in = used[1];
    Map<String, String> m = new LinkedHashMap<>();
    m.put("segments_to_server", String.valueOf(out));
    m.put("segments_from_server", String.valueOf(in));
    m.put("bytes_to_server", String.valueOf(used[2]));
    m.put("bytes_from_server", String.valueOf(used[3]));
    m.put(
        "calls_per_segment_to_server",
        out == 0 ? "0" : RunMeters.decimal((double) r.calls() / out));
    return r.withExtra(m);
  }

  /**
   * {@code ss -tinHO} lines: {@code Recv-Q Send-Q LOCAL PEER info...}, one socket a line; ss leaves
   * out a counter that is still 0; a line without segs_out (a kernel without the counters) is
   * skipped, and lines with none give no sample at all.
   */
  static Sample parse(List<String> lines) {
    Map<String, long[]> sockets = new HashMap<>();
    for (String line : lines) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 4 || !SEGS_OUT.matcher(line).find()) {
        continue; // no tcp_info counters on this line
      }
      sockets.put(
          f[2] + ">" + f[3],
          new long[] {
            counter(OUT, line), counter(IN, line), counter(ACKED, line), counter(RECEIVED, line)
          });
    }
    return lines.stream().anyMatch(l -> !l.isBlank()) && sockets.isEmpty()
        ? null
        : new Sample(sockets);
  }

  /** A counter of the line; ss prints most only once they are not zero. */
  private static long counter(Pattern p, String line) {
    Matcher m = p.matcher(line);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /** Runs ss into a temporary file (its output may pass a pipe's buffer), bounded in time. */
  private static List<String> runSs(List<String> args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add("ss");
    command.addAll(args);
    Path out = Files.createTempFile("rpcx-bench-ss", ".txt");
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!p.waitFor(SS_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("ss did not end within " + SS_TIMEOUT_SECONDS + " s");
      }
      if (p.exitValue() != 0) {
        throw new IOException("ss exited with " + p.exitValue());
      }
      return Files.readAllLines(out, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(out);
    }
  }
}
