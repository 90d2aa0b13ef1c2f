package io.rpcxbench.link;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** tc's units, as deploy/network-profiles.tsv and deploy/lab.sh write them: 20ms, 1%, 100mbit. */
final class LinkUnits {
  private static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(us|ms|s)");
  private static final Pattern SHARE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)%");
  private static final Pattern RATE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(bit|kbit|mbit|gbit)");

  /** The lab's floor (tbf needs a burst of two frames at 1 ms). */
  private static final long MIN_RATE_BPS = 8_000;

  private LinkUnits() {}

  /** 20ms, 500us, 1s -> nanoseconds. */
  static long nanos(String setting, String value) {
    Matcher m = DURATION.matcher(value);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          setting + " must look like 20ms or 500us, got '" + value + "'");
    }
    double n = Double.parseDouble(m.group(1));
    double unit =
        switch (m.group(2)) {
          case "us" -> 1e3;
          case "ms" -> 1e6;
          default -> 1e9;
        };
    return Math.round(n * unit);
  }

  /** 1%, 0.5% -> 0.01, 0.005. */
  static double share(String setting, String value) {
    Matcher m = SHARE.matcher(value);
    if (!m.matches() || Double.parseDouble(m.group(1)) > 100) {
      throw new IllegalArgumentException(
          setting + " must look like 1% or 0.5%, got '" + value + "'");
    }
    return Double.parseDouble(m.group(1)) / 100;
  }

  /** 100mbit -> 100000000 bits per second; "-" -> 0, not limited. */
  static long bitsPerSecond(String setting, String value) {
    if (value.equals("-")) {
      return 0;
    }
    Matcher m = RATE.matcher(value);
    long bps = 0;
    if (m.matches()) {
      double unit =
          switch (m.group(2)) {
            case "bit" -> 1;
            case "kbit" -> 1e3;
            case "mbit" -> 1e6;
            default -> 1e9;
          };
      bps = Math.round(Double.parseDouble(m.group(1)) * unit);
    }
    if (bps < MIN_RATE_BPS) {
      throw new IllegalArgumentException(
          setting
              + " must look like 1mbit (bit, kbit, mbit, gbit; at least 8kbit) or -, got '"
              + value
              + "'");
    }
    return bps;
  }

  /** nanoseconds -> "20ms", "50us": the form the profile table uses. */
  static String duration(long nanos) {
    if (nanos % 1_000_000 == 0) {
      return nanos / 1_000_000 + "ms";
    }
    if (nanos % 1_000 == 0) {
      return nanos / 1_000 + "us";
    }
    return String.format(Locale.ROOT, "%.3fus", nanos / 1e3);
  }

  /** bits per second -> "100mbit", "-" for not limited. */
  static String rate(long bps) {
    if (bps == 0) {
      return "-";
    }
    for (long unit : new long[] {1_000_000_000L, 1_000_000L, 1_000L}) {
      if (bps % unit == 0) {
        return bps / unit
            + (unit == 1_000_000_000L ? "gbit" : unit == 1_000_000L ? "mbit" : "kbit");
      }
    }
    return bps + "bit";
  }

  static String share(double share) {
    return String.format(Locale.ROOT, "%s%%", stripZeros(share * 100));
  }

  private static String stripZeros(double v) {
    String s = String.format(Locale.ROOT, "%.4f", v);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
