package io.rpcxbench.report.cli;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.Cleaner;
import io.rpcxbench.report.clean.PointEstimates;
import io.rpcxbench.report.db.RawFile;
import io.rpcxbench.report.db.RawFileParser;
import io.rpcxbench.report.db.StoredRun;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Num;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code show FILE --column NAME[,NAME...] | --provenance KEY | --cleaned [--keep-first]}: one raw
 * file's values for scripts, so they never count CSV columns. Any column of the file can be asked
 * for, the extra ones after {@code histogram} too ({@code client_cpu_s}, {@code achieved_rate},
 * ...); several are printed tab-separated, one line per run.
 *
 * <pre>
 * java -jar report.jar show results/raw/rpcx/t10-r100.csv --column throughput     # one line per run
 * java -jar report.jar show results/raw/rpcx/open-r5000-d30s.csv --column order,achieved_rate,dropped
 * java -jar report.jar show results/raw/rpcx/t10-r100.csv --provenance git_commit
 * java -jar report.jar show results/raw/rpcx/t10-r100.csv --cleaned --key p99_us
 * java -jar report.jar show results/raw/rpcx/t10-r100.csv --cleaned --keep-first --key calls
 * </pre>
 */
@Command(
    name = "show",
    mixinStandardHelpOptions = true,
    description =
        "Print values of one raw file: a column (one line per run, in file order), a provenance "
            + "value, or the cleaned point as key<TAB>value lines. Problems in the file go to stderr "
            + "(exit code 1).")
public final class ShowCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "A raw result file (v1 or v2).")
  Path file;

  @ArgGroup(exclusive = true, multiplicity = "1")
  What what;

  @Option(names = "--keep-first", description = "With --cleaned: keep order 0 too.")
  boolean keepFirst;

  @Option(
      names = "--key",
      paramLabel = "KEY",
      description = "With --cleaned: print KEY's value alone (e.g. p99_us; calls, errors).")
  String key;

  static final class What {
    @Option(
        names = "--column",
        paramLabel = "NAME[,NAME...]",
        split = ",",
        description =
            "Print these columns for each run row, tab-separated: the named ones of "
                + "docs/raw-format.md or any extra column of the file (client_cpu_s, achieved_rate, ...).")
    List<String> column;

    @Option(
        names = "--provenance",
        paramLabel = "KEY",
        description = "Print this provenance value.")
    String provenance;

    @Option(
        names = "--cleaned",
        description =
            "Print protocol, type, runs_kept, calls, errors, throughput, "
                + "tps, time_total_ms, p50_us, p90_us, p99_us, p999_us, max_us, limited_by of the kept runs "
                + "(orders 1..N-1, all if there is one run); latency from their merged histograms; "
                + "then KEY_interval (95 %%, LOW HIGH) and KEY_estimator (in words) of each statistic.")
    boolean cleaned;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (key != null && !what.cleaned) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--key goes with --cleaned");
    }
    try {
      RawContents c = RawResultFile.read(file);
      if (what.column != null) {
        for (String name : what.column) {
          if (!RawResultFile.COLUMNS.contains(name) && !c.hasColumn(name)) {
            List<String> known = new ArrayList<>(RawResultFile.COLUMNS);
            c.columns().stream().filter(x -> !known.contains(x)).forEach(known::add);
            err.println(
                "error: unknown column '" + name + "'; columns: " + String.join(", ", known));
            err.flush();
            return ExitCode.USAGE.code();
          }
        }
      }
      c.problems().forEach(err::println);
      int exit = c.problems().isEmpty() ? ExitCode.OK.code() : ExitCode.FAILED.code();
      if (!c.usable()) {
        return ExitCode.FAILED.code();
      }
      if (what.column != null) {
        for (RunRow row : c.rows()) {
          List<String> values = new ArrayList<>();
          for (String name : what.column) {
            values.add(value(c, row, name));
          }
          out.println(String.join("\t", values));
        }
      } else if (what.provenance != null) {
        String v = c.provenance().get(what.provenance);
        if (v == null) {
          err.println("error: " + file + " has no provenance key '" + what.provenance + "'");
          exit = ExitCode.FAILED.code();
        } else {
          out.println(v);
        }
      } else if (key == null) {
        exit = Math.max(exit, cleaned(out, err));
      } else {
        exit = Math.max(exit, cleanedValue(out, err));
      }
      return exit;
    } catch (IOException e) {
      err.println("error: cannot read " + file + ": " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      out.flush();
      err.flush();
    }
  }

  /** --cleaned --key KEY: that one value, so that a script needs no awk to pick it. */
  private int cleanedValue(PrintWriter out, PrintWriter err) throws IOException {
    StringWriter all = new StringWriter();
    int exit = cleaned(new PrintWriter(all), err);
    if (exit != ExitCode.OK.code()) {
      return exit;
    }
    List<String> keys = new ArrayList<>();
    for (String line : all.toString().split("\n")) {
      int tab = line.indexOf('\t');
      String k = line.substring(0, tab);
      if (k.equals(key)) {
        out.println(line.substring(tab + 1));
        return ExitCode.OK.code();
      }
      keys.add(k);
    }
    err.println(
        "error: the cleaned point has no key '" + key + "'; keys: " + String.join(", ", keys));
    return ExitCode.USAGE.code();
  }

  private int cleaned(PrintWriter out, PrintWriter err) throws IOException {
    RawFile raw = RawFileParser.parse(file, file.toString());
    if (!raw.usable()) {
      raw.problems().stream().filter(p -> p.endsWith("file skipped")).forEach(err::println);
      return ExitCode.FAILED.code();
    }
    List<StoredRun> kept =
        keepFirst ? raw.runs() : io.rpcxbench.raw.KeepRule.kept(raw.runs(), StoredRun::order, 0);
    print(out, "protocol", raw.protocol().id);
    print(out, "type", String.valueOf(raw.type()));
    print(out, "status", raw.status().id);
    print(out, "runs_kept", String.valueOf(kept.size()));
    if (kept.isEmpty()) {
      err.println("error: " + file + " has no run to keep");
      return ExitCode.FAILED.code();
    }
    CleanedPoint p =
        Cleaner.summarize(
            new Cleaner.Key(raw.protocol(), raw.threads(), raw.requests()), kept, raw.limitS());
    boolean hasCalls = kept.stream().anyMatch(r -> r.calls() != null);
    print(
        out,
        "calls",
        hasCalls
            ? String.valueOf(kept.stream().mapToLong(r -> r.calls() == null ? 0 : r.calls()).sum())
            : "");
    print(out, "errors", p.errorsSum() == null ? "" : String.valueOf(p.errorsSum()));
    print(out, "throughput", fixed(p.throughputAvg()));
    print(out, "tps", fixed(p.tps().avg()));
    print(out, "time_total_ms", fixed(p.runtimeMs().avg()));
    print(out, "p50_us", fixed(p.latency().p50Us()));
    print(out, "p90_us", fixed(p.latency().p90Us()));
    print(out, "p99_us", fixed(p.latency().p99Us()));
    print(out, "p999_us", fixed(p.latency().p999Us()));
    print(out, "max_us", fixed(p.latency().maxUs()));
    print(out, "latency_from", p.latency().from() == null ? "" : p.latency().from());
    if (p.load() != null) {
      // the open loop: what sweep.sh --rates reads to tell whether the protocol kept up
      print(out, "target_rate", fixed(p.load().targetRate()));
      print(out, "achieved_rate", fixed(p.load().achievedRate()));
      print(out, "achieved_rate_min", fixed(p.load().achievedRateMin()));
      print(out, "dropped", String.valueOf(p.load().dropped()));
      String over = p.load().overload(p.errorsSum());
      print(out, "kept_up", over == null ? "yes" : "no: " + over);
    }
    // what limited the kept runs (client, server, link, none); empty when the file does not say
    print(out, "limited_by", p.limitedBy() == null ? "" : p.limitedBy());
    estimates(out, kept);
    return ExitCode.OK.code();
  }

  /**
   * Each statistic's 95 % interval ({@code KEY_interval}: {@code LOW HIGH}, empty with one run) and
   * its estimator in words ({@code KEY_estimator}), from the report's one engine ({@link
   * Estimate}): the figures above are the same estimators' values.
   */
  private static void estimates(PrintWriter out, List<StoredRun> kept) {
    Map<String, Estimate> e = PointEstimates.of(kept);
    e.forEach(
        (key, est) -> {
          double scale = PointEstimates.latency(key) ? PointEstimates.MICROS_PER_UNIT : 1;
          print(
              out,
              key + "_interval",
              est.hasInterval()
                  ? Num.fixed(est.low() * scale, 3) + " " + Num.fixed(est.high() * scale, 3)
                  : "");
          print(out, key + "_estimator", est.estimator());
        });
  }

  /** A column's value in {@code row}; a named column the file lacks is empty. */
  private static String value(RawContents c, RunRow row, String name) {
    int index = RawResultFile.COLUMNS.indexOf(name);
    if (index >= 0) {
      // toCsv writes every v2 column; a column the file lacks prints as an empty field
      return c.hasColumn(name) ? row.toCsv().split(",", -1)[index] : "";
    }
    return row.extra(name).orElse("");
  }

  private static void print(PrintWriter out, String key, String value) {
    out.println(key + "\t" + value);
  }

  private static String fixed(Double v) {
    return v == null ? "" : Num.fixed(v, 3);
  }
}
