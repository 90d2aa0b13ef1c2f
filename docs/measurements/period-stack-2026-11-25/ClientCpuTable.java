import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.significance.PairTest;
import io.rpcxbench.report.significance.Significance;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Spread;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU per call of run-clients.sh's raw files, one variant against another (default: period against
 * today; with BASE and NEW, e.g. period against period-jdk8), as Markdown: per point
 * and round, each side's mean over runs 1..N-1 (run 0 dropped, as the report does) with its Student
 * t interval and the runs' min-max, the change period / today with its interval, Welch's t-test
 * over runs and Holm-Bonferroni over the points of a round. With {@code client_cores} or {@code
 * server_cores}: the share of each run's wall time that the side's CPU time fills instead (1.0: its
 * pinned core was busy throughout). Every figure comes from the report tool's engine (raw-format's
 * reader, stats' Estimate, the report's Significance, as {@code report diff} uses them), so it runs
 * on the report jar's class path, as a single source file:
 *
 * <pre>{@code
 * java -cp report/target/report.jar \
 *   docs/measurements/period-stack-2026-11-25/ClientCpuTable.java \
 *   docs/measurements/period-stack-2026-11-25/raw-clients \
 *   [client_cpu_s|server_cpu_s|client_cores|server_cores] [BASE NEW]
 * }</pre>
 *
 * Exit code 1 when a file cannot be read or a point lacks the column, 2 on bad usage.
 */
public final class ClientCpuTable {
  private static final Comparator<PointIdentity> ORDER =
      Comparator.comparing(PointIdentity::protocol)
          .thenComparingInt(PointIdentity::threads)
          .thenComparingInt(PointIdentity::requests);

  private ClientCpuTable() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 1 || args.length == 3 || args.length > 4 || args[0].startsWith("-")) {
      System.err.println(
          "usage: ClientCpuTable RAW_DIR [client_cpu_s|server_cpu_s|client_cores|server_cores]"
              + " [BASE NEW]");
      System.exit(2);
    }
    Path raw = Path.of(args[0]);
    String column = args.length > 1 ? args[1] : "client_cpu_s";
    String base = args.length > 2 ? args[2] : "today";
    String fresh = args.length > 2 ? args[3] : "period";
    if (!column.matches("(client|server)_(cpu_s|cores)")) {
      System.err.println("ClientCpuTable: unknown column " + column);
      System.exit(2);
    }
    String side = column.startsWith("server") ? "server" : "client";
    boolean cores = column.endsWith("_cores");
    String figure = side + (cores ? " cores busy" : " CPU µs/call");
    List<Path> rounds;
    try (Stream<Path> s = Files.list(raw)) {
      rounds =
          s.filter(p -> p.getFileName().toString().matches("round-[0-9]+"))
              .sorted(Comparator.comparingInt(p -> Integer.parseInt(name(p).substring(6))))
              .toList();
    }
    StringBuilder out = new StringBuilder();
    out.append("| protocol | T x R | round | " + fresh + " ")
        .append(figure)
        .append(" (95 %) | " + fresh + " min-max | " + base + " ")
        .append(figure)
        .append(" (95 %) | " + base + " min-max | " + fresh + " vs " + base)
        .append(" (95 %) | p (Holm) | verdict |\n")
        .append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
    String test = "";
    boolean complete = true;
    for (Path round : rounds) {
      Map<PointIdentity, List<Double>> newRuns = perRun(round.resolve(fresh), side, cores);
      Map<PointIdentity, List<Double>> baseRuns = perRun(round.resolve(base), side, cores);
      List<PointIdentity> points =
          newRuns.keySet().stream().filter(baseRuns::containsKey).sorted(ORDER).toList();
      complete &= points.size() == newRuns.size() && points.size() == baseRuns.size();
      List<PairTest> tests = new ArrayList<>();
      for (PointIdentity p : points) {
        tests.add(Significance.welch(base, baseRuns.get(p), fresh, newRuns.get(p), "runs"));
      }
      tests = Significance.holm(tests);
      for (int i = 0; i < points.size(); i++) {
        PointIdentity p = points.get(i);
        PairTest t = tests.get(i);
        test = t.test();
        out.append(
            String.join(
                " | ",
                "| " + p.protocol(),
                p.threads() + " x " + p.requests(),
                name(round).substring(6),
                mean(newRuns.get(p), cores),
                range(newRuns.get(p), cores),
                mean(baseRuns.get(p), cores),
                range(baseRuns.get(p), cores),
                change(t),
                pText(t),
                verdict(t, fresh) + " |\n"));
      }
    }
    out.append('\n')
        .append(figure)
        .append(": ")
        .append(side)
        .append(cores ? "_cpu_s / timeTotal" : "_cpu_s / calls")
        .append(" of each run, runs 1..N-1 of each file; mean with its 95 % t interval,")
        .append(" min-max of the runs; " + fresh + " vs " + base)
        .append(": the ratio of the means with its 95 %")
        .append(" interval (delta method); ")
        .append(test)
        .append(".\n");
    System.out.print(out);
    if (!complete) {
      System.err.println(
          "ClientCpuTable: some points are in only one of " + fresh + "/ and " + base + "/");
      System.exit(1);
    }
  }

  /**
   * Per point of {@code dir} (its raw files), for each kept run: the side's CPU µs per call, or
   * ({@code cores}) its CPU time over the run's wall time.
   */
  private static Map<PointIdentity, List<Double>> perRun(Path dir, String side, boolean cores)
      throws IOException {
    String column = side + "_cpu_s";
    Map<PointIdentity, List<Double>> points = new LinkedHashMap<>();
    List<Path> files;
    try (Stream<Path> s = Files.walk(dir)) {
      files = s.filter(f -> name(f).endsWith(".csv") && !name(f).startsWith(".")).sorted().toList();
    }
    for (Path f : files) {
      RawContents c = RawResultFile.read(f);
      if (!c.usable() || !c.problems().isEmpty() || !c.hasColumn(column)) {
        c.problems().forEach(System.err::println);
        System.err.println("ClientCpuTable: " + f + ": unreadable or without " + column);
        System.exit(1);
      }
      List<RunRow> kept = c.rows().stream().filter(r -> r.order() >= 1).toList();
      List<Double> values = new ArrayList<>();
      for (RunRow r : kept.isEmpty() ? c.rows() : kept) {
        String cpu = r.extra(column).orElse("");
        if (!cpu.isEmpty() && r.calls() > 0) {
          double seconds = Double.parseDouble(cpu);
          values.add(cores ? seconds * 1000 / r.timeTotal() : seconds * 1e6 / r.calls());
        }
      }
      points.put(PointIdentity.of(c.provenance()), values);
    }
    return points;
  }

  private static String mean(List<Double> values, boolean cores) {
    return Estimate.mean("per run", values, "runs").text(cores ? 2 : 1, 1);
  }

  private static String range(List<Double> values, boolean cores) {
    Spread s = Spread.of(values);
    int decimals = cores ? 2 : 1;
    return s.min() == null
        ? "-"
        : Num.fixed(s.min(), decimals) + "-" + Num.fixed(s.max(), decimals);
  }

  /** NEW / BASE - 1 in %, with its interval when there is one. */
  private static String change(PairTest t) {
    if (t.ratio() == null) {
      return "-";
    }
    String c = percent(t.ratio());
    return t.ratioLow() == null
        ? c
        : c + " (" + percent(t.ratioLow()) + " to " + percent(t.ratioHigh()) + ")";
  }

  private static String percent(double ratio) {
    double p = (ratio - 1) * 100;
    return (p >= 0 ? "+" : "") + Num.fixed(p, 1) + " %";
  }

  /** The Holm-adjusted p as report diff prints it. */
  private static String pText(PairTest t) {
    if (!t.tested()) {
      return "-";
    }
    return t.pAdjusted() < 0.001 ? "p < 0.001" : "p = " + Num.fixed(t.pAdjusted(), 3);
  }

  private static String verdict(PairTest t, String fresh) {
    if (!t.tested()) {
      return t.note();
    }
    if (!t.significant()) {
      return "no significant difference";
    }
    return fresh + (t.ratio() > 1 ? " uses more" : " uses less");
  }

  private static String name(Path p) {
    return p.getFileName().toString();
  }
}
