package io.rpcxbench.raw;

import java.util.List;
import java.util.OptionalDouble;

/**
 * Whether a server's counted reads ({@code server_reads}, {@code server_bytes_in}: {@code syscr}
 * and {@code rchar} of {@code /proc/PID/io}) carried what its clients sent: they do for a server
 * that reads its sockets with {@code read}, and not for one that reads them with {@code recv} or
 * {@code recvmsg} (Netty's native epoll, so gRPC's), which the kernel leaves out of those counters;
 * its few counted reads (files, a pipe) would make a meaningless calls per read or bytes in per
 * call. Counted when the read bytes are at least {@value #SHARE_OF_SENT} of the bytes the client's
 * TCP saw acknowledged ({@code bytes_to_server}), or, in files without that count, at least {@value
 * #MIN_REQUEST_BYTES} bytes a call (less than any protocol's request). The one home of this rule
 * for {@code report compare}, {@code report choose}'s scorecard and the capacity table.
 *
 * <pre>{@code
 * ServerReads.of(kept);   // NOT_COUNTED for grpc's server: show no figure, say why
 * }</pre>
 */
public enum ServerReads {
  /** The counted reads carried the calls: calls per read and bytes in per call mean something. */
  COUNTED,
  /** The server answered calls its counted reads did not carry (it reads with recv). */
  NOT_COUNTED,
  /** No figure: a run lacks {@code server_bytes_in} (not this host's process, an old file). */
  NOT_MEASURED;

  /** Fewer bytes than any protocol's request: a server that read less per call read no calls. */
  public static final int MIN_REQUEST_BYTES = 8;

  /** The share of the acknowledged bytes that counted reads must reach. */
  public static final double SHARE_OF_SENT = 0.9;

  /** How the server's reads over these runs were counted (no call made: not measured). */
  public static ServerReads of(List<RunRow> runs) {
    long calls = runs.stream().mapToLong(RunRow::calls).sum();
    OptionalDouble in = sum(runs, "server_bytes_in");
    if (calls == 0 || in.isEmpty()) {
      return NOT_MEASURED;
    }
    OptionalDouble sent = sum(runs, "bytes_to_server");
    boolean carried =
        sent.isPresent()
            ? in.getAsDouble() >= SHARE_OF_SENT * sent.getAsDouble()
            : in.getAsDouble() >= (double) MIN_REQUEST_BYTES * calls;
    return carried ? COUNTED : NOT_COUNTED;
  }

  /** The column summed over the runs; empty when a run lacks it or holds no number. */
  private static OptionalDouble sum(List<RunRow> runs, String column) {
    double total = 0;
    for (RunRow r : runs) {
      String v = r.extra(column).orElse("").trim();
      if (v.isEmpty()) {
        return OptionalDouble.empty();
      }
      try {
        total += Double.parseDouble(v);
      } catch (NumberFormatException e) {
        return OptionalDouble.empty();
      }
    }
    return OptionalDouble.of(total);
  }
}
