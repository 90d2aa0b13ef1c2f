package io.rpcxbench.raw;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * A point's file name derived from its identity ({@link PointIdentity#fileName}): the prefixes of
 * its network profile, TLS, compression, scenario and call, then its load model's name.
 */
final class PointFileName {
  private final PointIdentity p;

  private PointFileName(PointIdentity p) {
    this.p = p;
  }

  /** {@code wan-tls-gzip-chain-echo-p1024-t10-r100.csv}; see {@link PointIdentity#fileName}. */
  static String of(PointIdentity p) {
    PointFileName n = new PointFileName(p);
    return n.profilePrefix()
        + n.tlsPrefix()
        + n.compressionPrefix()
        + n.scenarioPrefix()
        + n.callPrefix()
        + n.modelName()
        + ".csv";
  }

  /** {@code wan-}, {@code cross-az-}; empty for loopback or a profile not recorded. */
  private String profilePrefix() {
    return p.networkProfile().isEmpty() || p.networkProfile().equals(PointIdentity.LOOPBACK)
        ? ""
        : slug(p.networkProfile()) + "-";
  }

  /** {@code tls-}, {@code mtls-}; empty for plaintext. */
  private String tlsPrefix() {
    return p.tls().equals(PointKey.TLS.absent()) ? "" : slug(p.tls()) + "-";
  }

  /** {@code gzip-}; empty without compression. */
  private String compressionPrefix() {
    return p.compression().equals(PointKey.COMPRESSION.absent()) ? "" : slug(p.compression()) + "-";
  }

  /** {@code chain-}, {@code w100ms-}, {@code chain-w2s-cpu-}; empty for the paper's scenario. */
  private String scenarioPrefix() {
    StringBuilder s = new StringBuilder();
    if (!p.scenario().equals(PointKey.SCENARIO.absent())) {
      s.append(slug(p.scenario())).append('-');
    }
    if (!p.work().isZero()) {
      s.append('w').append(PointIdentity.workText(p.work())).append('-');
      if (!p.workKind().equals(PointKey.WORK_KIND.absent())) {
        s.append(slug(p.workKind())).append('-');
      }
    }
    return s.toString();
  }

  /**
   * {@code echo-p1024-}, {@code items-n10-}, {@code message-order-echo-3fa2c1d0-}; empty for hello
   * without payload or items.
   */
  private String callPrefix() {
    if (p.call().equals(PointKey.CALL.absent()) && p.payloadBytes() == 0 && p.items() == 0) {
      return "";
    }
    return slug(p.call())
        + (p.messageId().isEmpty() ? "" : "-" + slug(p.messageId()))
        + (p.payloadBytes() > 0 ? "-p" + p.payloadBytes() : "")
        + (p.items() > 0 ? "-n" + p.items() : "")
        + "-";
  }

  private String modelName() {
    return switch (p.loadModel()) {
      case "closed" -> "t" + p.threads() + "-r" + p.requests();
      case PointIdentity.IN_FLIGHT -> "inflight-n" + p.threads() + "-r" + p.requests();
      case PointIdentity.OPEN -> openName();
      default -> slug(p.loadModel()) + "-t" + p.threads() + "-r" + p.requests();
    };
  }

  /** {@code open-r1000-d30s}, {@code open-s500x10s-1000x10s}, then {@code -poisson}. */
  private String openName() {
    String[] steps = p.rateSchedule().isEmpty() ? new String[0] : p.rateSchedule().split(",");
    StringBuilder name = new StringBuilder("open-");
    if (steps.length == 0) {
      name.append("n").append(p.threads()).append("-r").append(p.requests());
    } else if (steps.length == 1) {
      String[] s = step(steps[0]);
      name.append('r').append(s[0]).append("-d").append(s[1]);
    } else {
      name.append('s');
      for (int i = 0; i < steps.length; i++) {
        String[] s = step(steps[i]);
        name.append(i > 0 ? "-" : "").append(s[0]).append('x').append(s[1]);
      }
    }
    if (!p.arrivals().equals(PointKey.ARRIVALS.absent())) {
      name.append('-').append(slug(p.arrivals()));
    }
    return name.toString();
  }

  /** {@code 2.5:PT0.5S} as {@code [2p5, 0p5s]}. */
  private static String[] step(String step) {
    int colon = step.indexOf(':');
    if (colon < 0) {
      return new String[] {slug(step), "0s"};
    }
    String rate = step.substring(0, colon).trim();
    String seconds;
    try {
      seconds = number(Duration.parse(step.substring(colon + 1).trim()).toNanos() / 1e9) + "s";
    } catch (DateTimeParseException e) {
      seconds = slug(step.substring(colon + 1));
    }
    try {
      rate = number(Double.parseDouble(rate));
    } catch (NumberFormatException e) {
      rate = slug(rate);
    }
    return new String[] {rate.replace('.', 'p'), seconds.replace('.', 'p')};
  }

  /** {@code 1000} for a whole number, else the shortest decimal, as the harness writes rates. */
  private static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? String.valueOf((long) value)
        : String.format(Locale.ROOT, "%s", value);
  }

  private static String slug(String s) {
    return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "_");
  }
}
