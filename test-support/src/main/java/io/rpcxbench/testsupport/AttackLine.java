package io.rpcxbench.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * An attack suite's result line, {@code ATTACK ...}: printed to the test's output and, with {@code
 * -Dattack.lines=FILE}, appended to FILE as well, one line each, so that a measurement script
 * collects every suite's lines from one file instead of parsing the test reports (a suite's JVMs
 * run one after another, and each line is one append).
 */
public final class AttackLine {
  private AttackLine() {}

  /** Prints {@code "ATTACK " + String.format(format, args)} (root locale) and appends it. */
  public static void printf(String format, Object... args) {
    String line = "ATTACK " + String.format(Locale.ROOT, format, args);
    System.out.println(line);
    String file = System.getProperty("attack.lines", "");
    if (!file.isBlank()) {
      append(Path.of(file), line);
    }
  }

  static void append(Path file, String line) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(
          file,
          line + System.lineSeparator(),
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append the ATTACK line to " + file, e);
    }
  }
}
