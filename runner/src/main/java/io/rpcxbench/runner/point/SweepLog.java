package io.rpcxbench.runner.point;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** The sweep's timed lines: on the console (stderr) and in the log file in --out. */
public final class SweepLog {
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

  private final PrintWriter console;
  private Path file;

  public SweepLog(PrintWriter console) {
    this.console = console;
  }

  void openFile(Path file) throws IOException {
    Files.writeString(
        file, "", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    this.file = file;
  }

  public Path file() {
    return file;
  }

  /** A timed line on the console and in the log. */
  public synchronized void line(String message) {
    String line = LocalTime.now().format(TIME) + " " + message;
    console.println(line);
    console.flush();
    fileOnly(line);
  }

  /**
   * The command's last line ({@link io.rpcxbench.raw.ClosingLine}), untimed so that it reads back:
   * on the console and in the log.
   */
  public synchronized void closing(io.rpcxbench.raw.ClosingLine line) {
    console.println(line.text());
    console.flush();
    fileOnly(line.text());
  }

  /** A line in the log alone (the harness's output, skipped points). */
  public synchronized void fileOnly(String line) {
    if (file == null) {
      return;
    }
    try {
      Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the log " + file, e);
    }
  }

  /** A console line without the log (a run's progress). */
  public synchronized void consoleOnly(String message) {
    console.println(LocalTime.now().format(TIME) + " " + message);
    console.flush();
  }
}
