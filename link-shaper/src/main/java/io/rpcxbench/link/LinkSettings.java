package io.rpcxbench.link;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * --profile and the free settings that override it, each direction or one, as lab.sh takes them.
 */
final class LinkSettings {
  @Option(
      names = "--profile",
      paramLabel = "NAME",
      description = "a named profile (--list shows them; default: ${DEFAULT-VALUE})")
  String profile = "loopback";

  private final List<String[]> overrides = new ArrayList<>();

  @Option(
      names = "--delay",
      paramLabel = "D",
      description = "one-way delay each direction, e.g. 20ms")
  void delay(String v) {
    both("delay", v);
  }

  @Option(names = "--jitter", paramLabel = "D", description = "+- around the delay, e.g. 2ms")
  void jitter(String v) {
    both("jitter", v);
  }

  @Option(
      names = "--distribution",
      paramLabel = "NAME",
      description = "the jitter's: normal or uniform")
  void distribution(String v) {
    both("distribution", v);
  }

  @Option(
      names = "--rate",
      paramLabel = "R",
      description = "each direction's rate, e.g. 100mbit, or - (not limited)")
  void rate(String v) {
    both("rate", v);
  }

  @Option(
      names = "--loss",
      paramLabel = "P",
      description = "refused here (packets only): use the lab")
  void loss(String v) {
    both("loss", v);
  }

  @Option(names = "--up-delay", paramLabel = "D")
  void upDelay(String v) {
    one("up", "delay", v);
  }

  @Option(names = "--down-delay", paramLabel = "D")
  void downDelay(String v) {
    one("down", "delay", v);
  }

  @Option(names = "--up-jitter", paramLabel = "D")
  void upJitter(String v) {
    one("up", "jitter", v);
  }

  @Option(names = "--down-jitter", paramLabel = "D")
  void downJitter(String v) {
    one("down", "jitter", v);
  }

  @Option(
      names = "--up-rate",
      paramLabel = "R",
      description = "host A to B (requests) only; --down-*: B to A")
  void upRate(String v) {
    one("up", "rate", v);
  }

  @Option(names = "--down-rate", paramLabel = "R")
  void downRate(String v) {
    one("down", "rate", v);
  }

  @Option(
      names = "--setting",
      arity = "1",
      paramLabel = "WAY:NAME=VALUE",
      description =
          "any setting of the table for up, down or both, e.g. both:loss=1%, up:reorder=5%"
              + " (repeatable; deploy/lab.sh passes its flags so)")
  void setting(List<String> values) {
    values.forEach(this::oneSetting);
  }

  private void oneSetting(String v) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(up|down|both):([a-z_]+)=(.*)").matcher(v);
    if (!m.matches()) {
      throw new picocli.CommandLine.ParameterException(
          new picocli.CommandLine(this), "--setting must be WAY:NAME=VALUE, got '" + v + "'");
    }
    if (m.group(1).equals("both")) {
      both(m.group(2), m.group(3));
    } else {
      one(m.group(1), m.group(2), m.group(3));
    }
  }

  private void both(String setting, String value) {
    one("up", setting, value);
    one("down", setting, value);
  }

  private void one(String direction, String setting, String value) {
    overrides.add(new String[] {direction, setting, value});
  }

  /** The profile named, with the flags' changes in the order given. */
  NetworkProfile resolve(NetworkProfiles profiles) {
    NetworkProfile p = profiles.named(profile);
    for (String[] o : overrides) {
      p =
          o[0].equals("up")
              ? p.withUp(p.up().with(o[1], o[2]))
              : p.withDown(p.down().with(o[1], o[2]));
    }
    for (LinkDirection d : new LinkDirection[] {p.up(), p.down()}) {
      if (d.reorder() > 0 && d.delayNanos() == 0) {
        throw new IllegalArgumentException(
            "reorder needs a delay (the reordered packets are sent ahead of the delayed ones)");
      }
    }
    return p;
  }

  boolean modified() {
    return !overrides.isEmpty();
  }
}
