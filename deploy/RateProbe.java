import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;

/**
 * Measures a link's rate with one TCP transfer; deploy/lab.sh runs it with the source launcher
 * (JDK 11+), so it needs no build:
 *
 * <pre>
 *   java RateProbe.java recv 198.18.0.2          # prints "port N", then "bits_per_s ..." at EOF
 *   java RateProbe.java send 198.18.0.2 N 500000 # sends 500000 bytes
 *   java RateProbe.java echo 198.18.0.2          # prints "port N", echoes one connection
 *   java RateProbe.java rtt 198.18.0.2 N 60      # 60 round trips of 64 bytes: median, jitter
 * </pre>
 *
 * The receiver times from its first read to EOF and leaves the first read out of the byte
 * count, so the shaper's initial burst does not inflate the rate; {@code elapsed_s} is the whole
 * transfer from the accept, burst included (lab.bats checks that the burst is small with it).
 */
public final class RateProbe {
  private RateProbe() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("recv")) {
      receive(args[1]);
    } else if (args.length == 4 && args[0].equals("send")) {
      send(args[1], Integer.parseInt(args[2]), Long.parseLong(args[3]));
    } else if (args.length == 2 && args[0].equals("echo")) {
      echo(args[1]);
    } else if (args.length == 4 && args[0].equals("rtt")) {
      roundTrips(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]));
    } else {
      System.err.println(
          "usage: RateProbe recv ADDR | send ADDR PORT BYTES | echo ADDR | rtt ADDR PORT COUNT");
      System.exit(2);
    }
  }

  private static void receive(String addr) throws Exception {
    try (ServerSocket server = new ServerSocket()) {
      server.bind(new InetSocketAddress(InetAddress.getByName(addr), 0));
      System.out.println("port " + server.getLocalPort());
      System.out.flush();
      try (Socket socket = server.accept(); InputStream in = socket.getInputStream()) {
        long accepted = System.nanoTime();
        byte[] buffer = new byte[64 * 1024];
        int n = in.read(buffer);
        long first = System.nanoTime();
        long last = first;
        long counted = 0;
        long total = Math.max(n, 0);
        while (n >= 0) {
          n = in.read(buffer);
          if (n > 0) {
            counted += n;
            total += n;
            last = System.nanoTime();
          }
        }
        double seconds = (last - first) / 1e9;
        long bitsPerSecond = seconds > 0 ? Math.round(counted * 8 / seconds) : 0;
        // elapsed_s: from the accept to the last byte, the shaper's burst included
        System.out.printf(
            "bits_per_s %d bytes %d seconds %s elapsed_s %s%n",
            bitsPerSecond,
            total,
            String.valueOf(seconds),
            String.valueOf((last - accepted) / 1e9));
      }
    }
  }

  private static void send(String addr, int port, long bytes) throws Exception {
    try (Socket socket = new Socket(InetAddress.getByName(addr), port);
        OutputStream out = socket.getOutputStream()) {
      byte[] chunk = new byte[64 * 1024];
      for (long left = bytes; left > 0; left -= chunk.length) {
        out.write(chunk, 0, (int) Math.min(chunk.length, left));
      }
      out.flush();
      socket.shutdownOutput();
      socket.getInputStream().read(); // until the receiver closes: every byte has arrived
    }
  }

  private static final int PROBE_BYTES = 64;

  private static void echo(String addr) throws Exception {
    try (ServerSocket server = new ServerSocket()) {
      server.bind(new InetSocketAddress(InetAddress.getByName(addr), 0));
      System.out.println("port " + server.getLocalPort());
      System.out.flush();
      try (Socket socket = server.accept()) {
        socket.setTcpNoDelay(true);
        InputStream in = socket.getInputStream();
        OutputStream out = socket.getOutputStream();
        byte[] buffer = new byte[PROBE_BYTES];
        while (readFully(in, buffer)) {
          out.write(buffer);
          out.flush();
        }
      }
    }
  }

  /** The first five round trips warm the path (ARP, JIT) and are left out of the figures. */
  private static void roundTrips(String addr, int port, int count) throws Exception {
    int warm = 5;
    double[] ms = new double[count];
    try (Socket socket = new Socket(InetAddress.getByName(addr), port)) {
      socket.setTcpNoDelay(true);
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      byte[] buffer = new byte[PROBE_BYTES];
      for (int i = -warm; i < count; i++) {
        long start = System.nanoTime();
        out.write(buffer);
        out.flush();
        if (!readFully(in, buffer)) {
          throw new IllegalStateException("the echo side closed after " + i + " round trips");
        }
        if (i >= 0) {
          ms[i] = (System.nanoTime() - start) / 1e6;
        }
        Thread.sleep(10); // apart, so one round trip's queue is not the next one's delay
      }
    }
    double mean = Arrays.stream(ms).average().orElse(0);
    double variance = Arrays.stream(ms).map(x -> (x - mean) * (x - mean)).sum() / Math.max(1, count - 1);
    Arrays.sort(ms);
    System.out.printf(
        java.util.Locale.ROOT,
        "rtt_ms_p50 %.3f rtt_ms_min %.3f rtt_ms_max %.3f jitter_ms %.3f%n",
        ms[count / 2],
        ms[0],
        ms[count - 1],
        Math.sqrt(variance));
  }

  private static boolean readFully(InputStream in, byte[] buffer) throws Exception {
    int off = 0;
    while (off < buffer.length) {
      int n = in.read(buffer, off, buffer.length - off);
      if (n < 0) {
        return false;
      }
      off += n;
    }
    return true;
  }
}
