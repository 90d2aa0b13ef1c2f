package io.rpcxbench.report.wire;

import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.report.text.PrintfNumber;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What one call of one protocol costs on the wire, from bench/wire-bytes.sh's folder: the
 * namespace's loopback counters around a run of N1 and a run of N2 calls ({@code
 * counters/P/nN/before}, {@code .../after}); per call = (delta(N2) - delta(N1)) / (N2 - N1), so
 * connecting, start-up frames and closing cancel. A loopback packet is counted once leaving (tx);
 * TCP payload = bytes - headerBytes x packets.
 *
 * <pre>{@code
 * WireCost rpcx = WireCost.read(out, "rpcx", 1000, 6000, 52);
 * rpcx.bytes();   // "163.0"
 * }</pre>
 */
record WireCost(
    String protocol,
    String label,
    double bytesPerCall,
    double packetsPerCall,
    double payloadPerCall,
    long opensShortRun,
    long opensLongRun,
    boolean rxMatchesTx) {

  /** The folder of one protocol's counters, or of one of its runs. */
  static Path counters(Path out, String protocol) {
    return out.resolve("counters").resolve(protocol);
  }

  static Path run(Path out, String protocol, long calls) {
    return counters(out, protocol).resolve("n" + calls);
  }

  static WireCost read(Path out, String protocol, long n1, long n2, int headerBytes)
      throws IOException {
    LoopbackCounters shortRun = delta(run(out, protocol, n1));
    LoopbackCounters longRun = delta(run(out, protocol, n2));
    double n = n2 - n1;
    double bytes = (longRun.txBytes() - shortRun.txBytes()) / n;
    double packets = (longRun.txPackets() - shortRun.txPackets()) / n;
    return new WireCost(
        protocol,
        label(out, protocol, n2),
        bytes,
        packets,
        bytes - headerBytes * packets,
        shortRun.activeOpens(),
        longRun.activeOpens(),
        shortRun.txBytes() == shortRun.rxBytes() && longRun.txBytes() == longRun.rxBytes());
  }

  /** Bytes a call as the table prints them (one decimal); ranks compare these. */
  String bytes() {
    return PrintfNumber.fixed(bytesPerCall, 1);
  }

  String packets() {
    return PrintfNumber.fixed(packetsPerCall, 2);
  }

  String payload() {
    return PrintfNumber.fixed(payloadPerCall, 1);
  }

  private static LoopbackCounters delta(Path run) throws IOException {
    return LoopbackCounters.read(run.resolve("after"))
        .minus(LoopbackCounters.read(run.resolve("before")));
  }

  /** The catalog's label, as the long run's raw file records it (else the id). */
  private static String label(Path out, String protocol, long n2) throws IOException {
    Path file = out.resolve("raw/n" + n2).resolve(protocol).resolve("t1-r" + n2 + ".csv");
    if (!Files.isRegularFile(file)) {
      return protocol;
    }
    return RawResultFile.read(file).provenance("label").filter(l -> !l.isBlank()).orElse(protocol);
  }
}
