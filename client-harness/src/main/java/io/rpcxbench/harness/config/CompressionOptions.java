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
 * without the codec.
 */
public final class CompressionOptions {
  @Option(
      names = "--compression",
      paramLabel = "CODEC|none",
      defaultValue = ClientOptions.NO_COMPRESSION,
      description =
          "Compress the messages with the protocol stack's own codec, gzip (gRPC, HTTP) or zlib"
              + " (Thrift) (default: ${DEFAULT-VALUE}); only protocols whose stack has that codec"
              + " take it (docs/tls.md).")
  String compression;

  /** The harness option, when given on {@code cl} (none given: none, the default). */
  public List<String> args(CommandLine cl) {
    return cl.getParseResult().hasMatchedOption("--compression")
        ? List.of("--compression", compression)
        : List.of();
  }

  /** The target with this compression. */
  public Target applyTo(Target target) {
    return target.withCompression(compression);
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
