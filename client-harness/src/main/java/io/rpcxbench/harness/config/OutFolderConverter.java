package io.rpcxbench.harness.config;

import io.rpcxbench.api.OutputPlace;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --out DIR} of every command (run, sweep, choose, compare, calibrate, repeat, handshake):
 * {@link OutputPlace#folder}'s rule, checked as the line is read, so a folder that cannot be
 * written is one line and exit 2 before any work (an empty value too: {@code Path.of("")} is the
 * current folder, and a stray {@code --out ''} would scatter result files there).
 */
public final class OutFolderConverter implements ITypeConverter<Path> {
  @Override
  public Path convert(String value) {
    try {
      return OutputPlace.folder(value, "--out results/mine");
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
