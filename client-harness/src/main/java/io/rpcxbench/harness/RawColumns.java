package io.rpcxbench.harness;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints columns of a raw file, the harness's extra ones included ({@code limited_by}, {@code
 * client_cpu_s}, ...), one tab-separated line per run, for the bench scripts (which never count CSV
 * columns); a column a row lacks prints empty; {@code #KEY} prints the provenance value of KEY (the
 * same on every line; empty when absent). The report's {@code show --column} knows only the
 * format's own columns.
 *
 * <pre>{@code
 * java -cp client-harness.jar io.rpcxbench.harness.RawColumns t64-r3000.csv order calls limited_by \
 *     '#warmup_converged'
 * }</pre>
 *
 * <p>Exit codes: 0 printed; 1 the file cannot be read or has problems (printed on stderr); 2 bad
 * usage.
 */
public final class RawColumns {
  private RawColumns() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length < 2) {
      err.println("usage: RawColumns FILE COLUMN...");
      return HarnessCommand.USAGE;
    }
    RawContents c;
    try {
      c = RawResultFile.read(Path.of(args[0]));
    } catch (IOException e) {
      err.println("cannot read " + args[0] + ": " + e.getMessage());
      return HarnessCommand.CALLS_FAILED;
    }
    c.problems().forEach(err::println);
    if (!c.usable()) {
      return HarnessCommand.CALLS_FAILED;
    }
    for (RunRow row : c.rows()) {
      String[] csv = row.toCsv().split(",", -1);
      List<String> values = new ArrayList<>();
      for (int i = 1; i < args.length; i++) {
        String name = args[i];
        int index = RawResultFile.COLUMNS.indexOf(name);
        if (name.startsWith("#")) {
          values.add(c.provenance().getOrDefault(name.substring(1), ""));
        } else {
          values.add(index >= 0 ? csv[index] : row.extra(name).orElse(""));
        }
      }
      out.println(String.join("\t", values));
    }
    out.flush();
    return c.problems().isEmpty() ? HarnessCommand.OK : HarnessCommand.CALLS_FAILED;
  }
}
