package io.rpcxbench.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import picocli.CommandLine;

/** Runs the CLI in-process and captures its output; locates and copies the raw fixture. */
public final class Cli {
  public record Result(int exit, String out, String err) {}

  private Cli() {}

  public static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = ReportCli.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args);
    return new Result(exit, out.toString(), err.toString());
  }

  /**
   * The checked-in fixture: 3 protocols, 10 runs per point, one timeout, one file with bad lines.
   */
  public static Path fixture() {
    try {
      return Path.of(Cli.class.getResource("/raw").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public static Path copyFixture(Path target) throws IOException {
    Path from = fixture();
    try (Stream<Path> files = Files.walk(from)) {
      files.forEach(
          f -> {
            try {
              Path to = target.resolve(from.relativize(f).toString());
              if (Files.isDirectory(f)) {
                Files.createDirectories(to);
              } else {
                Files.copy(f, to);
              }
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    }
    return target;
  }

  public static String sqlite(Path dir) {
    return "jdbc:sqlite:" + dir.resolve("results.db");
  }
}
