package io.rpcxbench.report.cli;

import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --out DIR} of every command of the report (report, all, knee, choose, merge-hosts): an
 * empty value is refused, because {@code Path.of("")} is the current folder and a stray {@code
 * --out ''} (an unset shell variable) would scatter result files there.
 */
public final class OutFolderConverter implements ITypeConverter<Path> {
  @Override
  public Path convert(String value) {
    if (value.isBlank()) {
      throw new TypeConversionException("an empty folder; name one, e.g. --out results/report");
    }
    return Path.of(value);
  }
}
