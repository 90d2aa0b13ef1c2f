package io.rpcxbench.report.merge;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.report.cli.ReportOutConverter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code merge-hosts DIR... [--out DIR] [--max-spread-ms MS]}: merges each point that several
 * client hosts ran together (files that carry {@code fleet_clients}, written by deploy/fleet) into
 * one raw file, {@code OUT/<protocol>/t<T>-r<R>-x<N>.csv} for N client hosts, and prints one line
 * per point. Histograms are added, runtime spans the earliest release to the latest reply ({@link
 * HostMerge}). A point that misses a host, has a host's file cut short or whose hosts did not start
 * together is written with {@code status: incomplete} and the hosts named, never as whole.
 *
 * <pre>
 * java -jar report.jar merge-hosts results/raw --out results/merged
 * </pre>
 */
@Command(
    name = "merge-hosts",
    mixinStandardHelpOptions = true,
    description =
        "Merge each point run on several client hosts at once (raw files with fleet_clients) into"
            + " one raw file: calls summed, histograms added, runtime from the earliest release to"
            + " the latest reply. Exit 1 when a point is incomplete or could not be merged.")
public final class MergeHostsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "DIR",
      description = "Folders of raw files, walked for *.csv (e.g. results/raw).")
  List<Path> dirs;

  @Option(
      names = "--out",
      converter = ReportOutConverter.class,
      paramLabel = "DIR",
      defaultValue = "results/merged",
      description = "Where the merged files go (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(
      names = "--point",
      paramLabel = "PROTOCOL/FILE",
      description =
          "Merge only this point, named by the host files' path under each host's folder, e.g."
              + " rpcx/t4-r2000.csv (repeatable; default: every point found).")
  List<String> only = new ArrayList<>();

  @Option(
      names = "--max-spread-ms",
      paramLabel = "MS",
      defaultValue = "10",
      description =
          "Warn when the hosts' first releases lie further apart, or a host's clock is further"
              + " off (default: ${DEFAULT-VALUE}).")
  double maxSpreadMs;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      for (Path dir : dirs) {
        if (!Files.isDirectory(dir)) {
          err.println("error: " + dir + " is not a folder");
          return ExitCode.USAGE.code();
        }
      }
      boolean allWhole = true;
      Map<HostFile.Key, List<HostFile>> points = new LinkedHashMap<>();
      int others = 0;
      for (Path file : csvFiles()) {
        HostFile f = HostFile.read(file);
        if (!f.contents().problems().isEmpty()) {
          f.contents().problems().forEach(err::println);
          allWhole = false;
        }
        if (!f.contents().usable()) {
          continue;
        }
        if (!f.fleet()) {
          others++;
          continue;
        }
        HostFile.Key key;
        try {
          key = f.key();
        } catch (IllegalArgumentException e) {
          err.println(file + ": " + e.getMessage() + "; file skipped");
          allWhole = false;
          continue;
        }
        if (!only.isEmpty() && !only.contains(hostPath(key))) {
          continue;
        }
        points.computeIfAbsent(key, k -> new ArrayList<>()).add(f);
      }
      Map<Path, HostFile.Key> written = new LinkedHashMap<>();
      for (List<HostFile> files : points.values()) {
        MergedPoint m = HostMerge.merge(files, maxSpreadMs);
        Path target = target(m.key());
        HostFile.Key before = written.putIfAbsent(target, m.key());
        if (before != null) {
          stdout.println(
              m.line(target.toString())
                  + " (NOT WRITTEN: "
                  + target
                  + " is taken by another fleet's point; merge their folders apart)");
          allWhole = false;
          continue;
        }
        if (m.merged()) {
          RawResultFile.write(target, m.provenance(), m.rows());
        }
        stdout.println(m.line(target.toString()));
        m.warnings().forEach(w -> stdout.println("  warning: " + w));
        allWhole &= m.complete();
      }
      stdout.println(
          "merge-hosts: "
              + points.size()
              + " points run on several client hosts"
              + (others > 0 ? ", " + others + " files of single hosts left alone" : ""));
      return allWhole ? ExitCode.OK.code() : ExitCode.FAILED.code();
    } catch (IOException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      stdout.flush();
      err.flush();
    }
  }

  /** The harness's path of the point's file under its --out: {@code rpcx/t4-r2000.csv}. */
  private static String hostPath(HostFile.Key key) {
    return key.protocol() + "/" + key.point().fileName();
  }

  /**
   * {@code OUT/<protocol>/<name>-x<N>.csv}: the point's file name ({@code t<T>-r<R>}, T and R per
   * host; the open loop's by the fleet's whole schedule), N the hosts expected.
   */
  private Path target(HostFile.Key key) {
    return out.resolve(key.protocol()).resolve(key.mergedFileName());
  }

  private List<Path> csvFiles() throws IOException {
    List<Path> files = new ArrayList<>();
    Path outAbs = out.toAbsolutePath().normalize();
    for (Path dir : dirs) {
      try (Stream<Path> walk = Files.walk(dir)) {
        walk.filter(Files::isRegularFile)
            .filter(p -> p.getFileName().toString().endsWith(".csv"))
            .filter(p -> !p.getFileName().toString().startsWith("."))
            .filter(p -> !p.toAbsolutePath().normalize().startsWith(outAbs))
            .sorted()
            .forEach(files::add);
      }
    }
    return files;
  }
}
