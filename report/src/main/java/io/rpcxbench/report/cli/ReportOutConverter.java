package io.rpcxbench.report.cli;

import io.rpcxbench.api.OutputPlace;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --out DIR} of every command of the report (report, all, knee, choose, merge-hosts): {@link
 * OutputPlace#folder}'s rule, checked as the line is read (an empty value too: {@code Path.of("")}
 * is the current folder, and a stray {@code --out ''} would scatter files there).
 */
public final class ReportOutConverter implements ITypeConverter<Path> {
  @Override
  public Path convert(String value) {
    try {
      return OutputPlace.folder(value, "--out results/report");
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
