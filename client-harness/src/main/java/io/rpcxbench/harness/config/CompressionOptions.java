package io.rpcxbench.harness.config;

import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.spi.ClientOptions;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --compression CODEC|none}: message compression where the protocol's stack has it, named
 * for the codec it really is (gRPC's gzip codec, HTTP's gzip Content-Encoding, Thrift's zlib
 * transport: {@code ProtocolProvider.compressions()}); refused in one line for a protocol without
 * that codec. The runner's sweep, choose and compare mix in the same group and give every point
 * what was given ({@link #args}); the harness refuses it there, before any work, for a candidate
 * without the codec. A sweep takes several ({@code none,gzip}): a dimension of its own ({@link
 * #codecs}), every point once per codec.
 */
public final class CompressionOptions {
  @Option(
      names = "--compression",
      paramLabel = "CODEC|none",
      split = ",",
      defaultValue = ClientOptions.NO_COMPRESSION,
      description =
          "Compress the messages with the protocol stack's own codec, gzip (gRPC, HTTP) or zlib"
              + " (Thrift) (default: ${DEFAULT-VALUE}); only protocols whose stack has that codec"
              + " take it (docs/tls.md); a sweep takes several (none,gzip): a dimension, every"
              + " point once per codec.")
  List<String> compression;

  /**
   * The harness option, when given on {@code cl} (none given: none, the default).
   *
   * @throws IllegalArgumentException when several codecs are given (a sweep's dimension)
   */
  public List<String> args(CommandLine cl) {
    return cl.getParseResult().hasMatchedOption("--compression")
        ? List.of("--compression", single())
        : List.of();
  }

  /**
   * What every point of a sweep shares: {@link #args}, or none when several codecs are given (each
   * point gets its own from the sweep's dimension, {@link #codecs}).
   */
  public List<String> sharedArgs(CommandLine cl) {
    return codecs().size() > 1 ? List.of() : args(cl);
  }

  /** The codecs given, in order (one: the default's {@code none}). */
  public List<String> codecs() {
    return List.copyOf(compression);
  }

  /**
   * The target with this compression.
   *
   * @throws IllegalArgumentException when several codecs are given
   */
  public Target applyTo(Target target) {
    return target.withCompression(single());
  }

  private String single() {
    if (compression.size() > 1) {
      throw new IllegalArgumentException(
          "--compression "
              + String.join(",", compression)
              + ": one point takes one codec (a sweep takes several, one point each)");
    }
    return compression.get(0);
  }

  /** Every protocol offers {@code compression}, or it is none; the message names the option. */
  static void validate(String compression, List<Protocol> protocols) {
    if (ClientOptions.NO_COMPRESSION.equals(compression)) {
      return;
    }
    for (Protocol p : protocols) {
      if (!p.compressions().contains(compression)) {
        throw new IllegalArgumentException(
            "--compression "
                + compression
                + ": protocol "
                + p
                + (p.compressions().isEmpty()
                    ? " has no compression in its stack"
                    : " offers " + String.join(", ", p.compressions()) + " only")
                + " (docs/tls.md); run it with --compression none");
      }
    }
  }
}
