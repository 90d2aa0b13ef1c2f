package io.rpcxbench.runner.sweep;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.runner.point.Install;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code sweep --summary-export FILE.json}: the sweep's folder as report.jar's points export (k6's
 * option name, the report's schema), from a database of its own that is deleted after, so nothing
 * else is touched.
 *
 * <pre>{@code
 * SweepSummary.write(install, Path.of("results/x/raw"), Path.of("summary.json"), err);
 * }</pre>
 */
final class SweepSummary {
  private SweepSummary() {}

  /** Writes the summary; false, with one line on {@code err}, when it could not be. */
  static boolean write(Install install, Path raw, Path file, PrintWriter err) {
    Path jar = install.reportJar();
    if (!Files.isRegularFile(jar)) {
      err.println(
          "rpcx-bench sweep: --summary-export: no report jar at "
              + jar
              + "; build it (mvn -B -q -pl report -am package -DskipTests), then: java -jar "
              + jar
              + " export --format json --out "
              + file
              + " "
              + raw);
      err.flush();
      return false;
    }
    Path tmp = null;
    try {
      tmp = Files.createTempDirectory("rpcx-bench-summary");
      Path log = tmp.resolve("export.log");
      List<String> command =
          List.of(
              install.java(),
              "-jar",
              jar.toString(),
              "export",
              "--db",
              "jdbc:sqlite:" + tmp.resolve("summary.db"),
              "--format",
              "json",
              "--out",
              file.toString(),
              raw.toString());
      int exit =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start()
              .waitFor();
      if (exit != ExitCode.OK.code() || !Files.isRegularFile(file)) {
        List<String> lines = Files.readAllLines(log);
        err.println(
            "rpcx-bench sweep: --summary-export: report export exited "
                + exit
                + (lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1)));
        err.flush();
        return Files.isRegularFile(file);
      }
      return true;
    } catch (IOException e) {
      err.println("rpcx-bench sweep: --summary-export: " + e.getMessage());
      err.flush();
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } finally {
      delete(tmp);
    }
  }

  private static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException ignored) {
      // a temporary folder left behind is harmless
    }
  }
}
