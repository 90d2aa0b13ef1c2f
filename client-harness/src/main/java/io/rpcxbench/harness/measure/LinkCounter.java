package io.rpcxbench.harness.measure;

import io.rpcxbench.harness.config.Instruments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The bytes the client host's link has carried each way, for a run's {@code link_used}: sampled
 * before and after the run, the busier direction's difference over the run's time and the link's
 * rate.
 *
 * <p>Where it can, it reads the interface counters of the client's network namespace ({@code
 * /proc/self/net/dev}, every interface but loopback): what a rate limiter such as tbf counts,
 * headers, handshakes, acknowledgements and retransmissions included. A protocol that opens a
 * connection per few calls, or sends small messages one per packet, fills a link with far more than
 * its payload. Where there is no such interface it falls back to the process's own I/O ({@code
 * /proc/self/io}), its sockets' payload only (and any file it writes).
 */
public interface LinkCounter {
  /** {received, sent} bytes so far, or null when unreadable. */
  long[] sample();

  /** What is counted, for the file's provenance. */
  String describe();

  /** The interface counters of this network namespace if it has a non-loopback one, else I/O. */
  static LinkCounter forThisHost() {
    InterfaceCounters interfaces = new InterfaceCounters(Instruments.PROC.resolve("self/net/dev"));
    return interfaces.sample() != null ? interfaces : new ProcessIo();
  }

  /**
   * The counter for a link made as {@code link} records it ({@code --provenance link=...}): a proxy
   * on this host ({@code proxy}, the link-shaper) carries loopback traffic that no interface
   * counts, so there each side's written bytes are the link's ({@link Writes}); any other link,
   * {@link #forThisHost()}.
   */
  static LinkCounter forLink(String link, ProcessStats server) {
    return "proxy".equals(link) && server != null ? new Writes(server) : forThisHost();
  }

  /**
   * What each side wrote: toward the server this process's written bytes ({@code wchar} of {@code
   * /proc/self/io}), toward the client the server's ({@link ProcessStats#io()}). Through a proxy on
   * this host, the payload it carried each way. Written bytes, not read ones: a reader's count
   * takes in the files it reads ({@code /proc} for the meters here), and a server on native epoll
   * receives with {@code recvmsg}, which the kernel does not count there, while every stack's
   * writes are. Null where the server's I/O is not readable.
   */
  record Writes(ProcessStats server) implements LinkCounter {
    @Override
    public long[] sample() {
      ProcessStats.Io io = server.io();
      long[] own = new ProcessIo().sample();
      return io == null || own == null ? null : new long[] {io.bytesOut(), own[1]};
    }

    @Override
    public String describe() {
      return "the bytes each side wrote (a proxy on this host carries the link)";
    }
  }

  /** Every non-loopback interface of {@code /proc/self/net/dev}, summed. */
  public record InterfaceCounters(Path netDev) implements LinkCounter {
    @Override
    public long[] sample() {
      try {
        return sum(Files.readAllLines(netDev));
      } catch (IOException | RuntimeException e) {
        return null;
      }
    }

    @Override
    public String describe() {
      return "interface counters (" + netDev + ", all but lo)";
    }

    /**
     * {received, sent} bytes of every interface but {@code lo} in {@code /proc/net/dev}'s format
     * ("name: rx_bytes 7 more fields tx_bytes ..."), or null when there is none.
     */
    public static long[] sum(List<String> lines) {
      long received = 0;
      long sent = 0;
      boolean any = false;
      for (String line : lines) {
        int colon = line.indexOf(':');
        if (colon < 0) {
          continue; // the two header lines
        }
        String name = line.substring(0, colon).trim();
        String[] fields = line.substring(colon + 1).trim().split("\\s+");
        if (name.equals("lo") || fields.length < 9) {
          continue;
        }
        received += Long.parseLong(fields[0]);
        sent += Long.parseLong(fields[8]);
        any = true;
      }
      return any ? new long[] {received, sent} : null;
    }
  }

  /**
   * Bytes this process read and wrote through system calls ({@code rchar}, {@code wchar} of {@code
   * /proc/self/io}): on a client host, its sockets' payload.
   */
  record ProcessIo() implements LinkCounter {
    @Override
    public long[] sample() {
      try {
        long read = -1;
        long written = -1;
        for (String line : Files.readAllLines(Instruments.PROC.resolve("self/io"))) {
          if (line.startsWith("rchar:")) {
            read = Long.parseLong(line.substring(6).trim());
          } else if (line.startsWith("wchar:")) {
            written = Long.parseLong(line.substring(6).trim());
          }
        }
        return read < 0 || written < 0 ? null : new long[] {read, written};
      } catch (IOException | RuntimeException e) {
        return null;
      }
    }

    @Override
    public String describe() {
      return "the client's socket payload (/proc/self/io)";
    }
  }
}
