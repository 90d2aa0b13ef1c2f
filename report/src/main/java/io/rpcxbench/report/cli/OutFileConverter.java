package io.rpcxbench.report.cli;

import io.rpcxbench.api.OutputPlace;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --out FILE} of the report's commands that write one file (export, profiles, calibration,
 * reproduction) and {@code choose --summary-export}: {@link OutputPlace#file}'s rule, checked as
 * the line is read.
 */
public final class OutFileConverter implements ITypeConverter<Path> {
  @Override
  public Path convert(String value) {
    try {
      return OutputPlace.file(value, "--out results/report/page.md");
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
