package io.rpcxbench.runner.compare;

import io.rpcxbench.raw.AtomicText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The folder of a comparison of two builds ({@code compare --base-jar --new-jar}): {@code
 * builds.tsv} says which jars (by sha256) and which protocol its trials ran, so that a rerun that
 * resumes it with another build is refused instead of mixing two builds on one side; and which
 * rounds hold a trial of both sides at every point (the rounds report diff can pair).
 *
 * <pre>{@code
 * CompareBuilds.checkResume(out, jars);  // before any trial: the same builds, or exit 2
 * CompareBuilds.record(out, jars);
 * CompareBuilds.completeRounds(settings); // ["closed-8: 6 of 6 rounds hold both builds"]
 * }</pre>
 */
final class CompareBuilds {
  static final String FILE = "builds.tsv";

  private CompareBuilds() {}

  /**
   * Refuses to resume a folder whose trials ran other builds or another protocol.
   *
   * @throws IllegalArgumentException one line naming the option and both sha256s
   */
  static void checkResume(Path out, JarPair jars) throws IOException {
    Path f = out.resolve(FILE);
    if (!Files.isRegularFile(f)) {
      return;
    }
    Map<String, String> before = new LinkedHashMap<>();
    for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
      String[] p = line.split("\t");
      if (p.length >= 2) {
        before.put(p[0], p[1]);
      }
    }
    String protocol = before.get("protocol");
    if (protocol != null && !protocol.equals(jars.protocol())) {
      throw new IllegalArgumentException(
          "--protocol: the trials in "
              + out
              + " are of "
              + protocol
              + ", not "
              + jars.protocol()
              + ": use another --out");
    }
    for (String side : JarPair.SIDES) {
      String args = String.join(" ", jars.args(side));
      String argsThen = before.getOrDefault(side + "-server-args", "");
      if (!argsThen.equals(args)) {
        throw new IllegalArgumentException(
            "--"
                + side
                + "-server-args: the trials in "
                + out
                + " ran the "
                + side
                + " server with '"
                + argsThen
                + "', not '"
                + args
                + "': use another --out, or those arguments");
      }
      String then = before.get(side);
      if (then != null && !then.equals(jars.sha256(side))) {
        throw new IllegalArgumentException(
            "--"
                + side
                + "-jar: "
                + jars.jar(side)
                + " is not the build the trials in "
                + out
                + " ran (sha256 "
                + then.substring(0, Math.min(16, then.length()))
                + " then, "
                + jars.sha256(side).substring(0, 16)
                + " now): use another --out, or that build");
      }
    }
  }

  /** builds.tsv: the protocol, then each side's sha256 and jar, and its server arguments if any. */
  static void record(Path out, JarPair jars) throws IOException {
    StringBuilder b = new StringBuilder();
    b.append("protocol\t").append(jars.protocol()).append('\n');
    for (String side : JarPair.SIDES) {
      b.append(side)
          .append('\t')
          .append(jars.sha256(side))
          .append('\t')
          .append(jars.jar(side))
          .append('\n');
      if (!jars.args(side).isEmpty()) {
        b.append(side)
            .append("-server-args\t")
            .append(String.join(" ", jars.args(side)))
            .append('\n');
      }
    }
    AtomicText.write(out.resolve(FILE), b.toString());
  }

  /** Per point, how many rounds hold a complete trial of both builds, and which do not. */
  static List<String> completeRounds(CompareSettings s) {
    List<String> lines = new ArrayList<>();
    int rounds = s.plan().rounds();
    for (ComparePoint p : s.plan().points()) {
      List<String> lacking = new ArrayList<>();
      for (int r = 1; r <= rounds; r++) {
        List<String> missing = new ArrayList<>();
        for (String side : JarPair.SIDES) {
          if (!s.finished(new ComparePlan.Unit(p, r, side))) {
            missing.add(side);
          }
        }
        if (!missing.isEmpty()) {
          lacking.add("round " + r + " lacks " + String.join(" and ", missing));
        }
      }
      lines.add(
          p.name()
              + ": "
              + (rounds - lacking.size())
              + " of "
              + rounds
              + " rounds hold a trial of both builds"
              + (lacking.isEmpty() ? "" : " (" + String.join("; ", lacking) + ")"));
    }
    return lines;
  }
}
