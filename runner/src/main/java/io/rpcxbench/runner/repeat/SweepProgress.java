package io.rpcxbench.runner.repeat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How far a repeat's sweep folder got, from what its sweeps left there: the points' raw files, and
 * the wall time its sweep logs span ({@code sweep-YYYYMMDD-HHMMSS.log}, each from its name's
 * instant to its last line's {@code HH:MM:SS}), overlapping logs (labs side by side) counted once.
 *
 * <pre>{@code
 * SweepProgress p = SweepProgress.of(Path.of("results/reproduction/repeat-x/rep-1/a-1gbit-thread"));
 * p.text();   // "99 point files, 2:31:04 swept"
 * }</pre>
 */
record SweepProgress(long pointFiles, Duration swept) {
  private static final Pattern LOG_NAME = Pattern.compile("sweep-(\\d{8}-\\d{6})\\.log");
  private static final Pattern STAMP = Pattern.compile("^(\\d{2}:\\d{2}:\\d{2}) ");
  private static final DateTimeFormatter NAME_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  /** The files and logs under {@code dir}; nothing when it does not exist. */
  static SweepProgress of(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return new SweepProgress(0, Duration.ZERO);
    }
    long files;
    List<Span> spans = new ArrayList<>();
    try (Stream<Path> all = Files.walk(dir, 4)) {
      List<Path> paths = all.filter(Files::isRegularFile).toList();
      files = paths.stream().filter(p -> p.getFileName().toString().endsWith(".csv")).count();
      for (Path p : paths) {
        Matcher m = LOG_NAME.matcher(p.getFileName().toString());
        if (m.matches()) {
          LocalDateTime start = LocalDateTime.parse(m.group(1), NAME_TIME);
          spans.add(new Span(start, lastStamp(p, start)));
        }
      }
    }
    return new SweepProgress(files, union(spans));
  }

  /** "" when the folder holds nothing yet, else the files and the time swept. */
  String text() {
    if (pointFiles == 0 && swept.isZero()) {
      return "";
    }
    long s = swept.toSeconds();
    return String.format(
        java.util.Locale.ROOT,
        "%d point files, %d:%02d:%02d swept",
        pointFiles,
        s / 3600,
        s / 60 % 60,
        s % 60);
  }

  private record Span(LocalDateTime from, LocalDateTime to) {}

  /**
   * The log's last HH:MM:SS as an instant at or after {@code start} (a sweep may pass midnight).
   */
  private static LocalDateTime lastStamp(Path log, LocalDateTime start) throws IOException {
    LocalDateTime at = start;
    try (Stream<String> lines = Files.lines(log, java.nio.charset.StandardCharsets.UTF_8)) {
      for (String line : (Iterable<String>) lines::iterator) {
        Matcher m = STAMP.matcher(line);
        if (m.find()) {
          LocalDateTime t = at.toLocalDate().atTime(LocalTime.parse(m.group(1)));
          at = t.isBefore(at) ? t.plusDays(1) : t;
        }
      }
    } catch (java.io.UncheckedIOException e) {
      // a log that is not text (a broken write): its name's instant alone
    }
    return at;
  }

  private static Duration union(List<Span> spans) {
    List<Span> sorted = spans.stream().sorted(Comparator.comparing(Span::from)).toList();
    Duration total = Duration.ZERO;
    LocalDateTime from = null;
    LocalDateTime to = null;
    for (Span s : sorted) {
      if (to == null || s.from().isAfter(to)) {
        if (to != null) {
          total = total.plus(Duration.between(from, to));
        }
        from = s.from();
        to = s.to();
      } else if (s.to().isAfter(to)) {
        to = s.to();
      }
    }
    return to == null ? total : total.plus(Duration.between(from, to));
  }
}
