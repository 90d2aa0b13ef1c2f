package io.rpcxbench.protocols.avro;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.protocols.avro.wire.BenchProtocol;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.Protocol;
import org.junit.jupiter.api.Test;

/**
 * The protocol as JSON ({@code src/main/resources/bench.avpr}, in the jar and in {@code
 * target/classes} after any build, tests skipped or not) for clients whose Avro cannot read {@code
 * .avdl} (Python's): it must be the build's own {@code .avdl}'s protocol. No plugin of the build
 * writes an {@code .avpr}, so it is committed and checked here, as Thrift's generated code is;
 * {@code -Davro.writeAvpr=true} rewrites it from the {@code .avdl}.
 */
class PublishedProtocolTest {
  private static final Path SOURCE = Path.of("src", "main", "resources", "bench.avpr");

  @Test
  void theAvprIsTheAvdlsProtocol() throws Exception {
    String expected = BenchProtocol.PROTOCOL.toString(true) + "\n";
    if (Boolean.getBoolean("avro.writeAvpr")) {
      Files.writeString(SOURCE, expected, StandardCharsets.UTF_8);
    }
    assertThat(Files.readString(SOURCE, StandardCharsets.UTF_8))
        .as("bench.avpr is stale: rerun with -Davro.writeAvpr=true")
        .isEqualTo(expected);
    try (InputStream packaged = getClass().getResourceAsStream("/bench.avpr")) {
      Protocol read = Protocol.parse(packaged);
      assertThat(read).isEqualTo(BenchProtocol.PROTOCOL);
      assertThat(read.getMessages()).containsKeys("hello", "echo", "put", "items");
    }
  }
}
