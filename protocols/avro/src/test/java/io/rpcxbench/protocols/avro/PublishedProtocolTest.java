package io.rpcxbench.protocols.avro;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.protocols.avro.wire.BenchProtocol;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.Protocol;
import org.junit.jupiter.api.Test;

/**
 * Publishes the protocol as JSON ({@code target/bench.avpr}) for clients whose Avro cannot read
 * {@code .avdl} (Python's): generated from the build's own {@code .avdl}, never committed.
 */
class PublishedProtocolTest {
  @Test
  void theAvprIsWrittenAndReadsBackAsTheSameProtocol() throws Exception {
    Path avpr = Path.of("target", "bench.avpr");
    Files.writeString(avpr, BenchProtocol.PROTOCOL.toString(true), StandardCharsets.UTF_8);
    Protocol read = Protocol.parse(avpr.toFile());
    assertThat(read).isEqualTo(BenchProtocol.PROTOCOL);
    assertThat(read.getMessages()).containsKeys("hello", "echo", "put", "items");
  }
}
