package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** redis-server's per-client warnings, at most one line per kind per 10 s. */
class ChildLogTest {
  private static final String QUERY_BUFFER =
      "12:M 25 Nov 2026 07:00:01.000 # Closing client that reached max query buffer length:"
          + " id=%d addr=127.0.0.1:%d";

  @Test
  void aFloodOfOneKindIsOneLineThenACount() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    AtomicLong now = new AtomicLong();
    ChildLog log = new ChildLog("redis-server", new PrintStream(bytes, true), now::get);
    for (int i = 0; i < 300; i++) {
      log.line(String.format(QUERY_BUFFER, i, 40000 + i));
    }
    log.line("12:M 25 Nov 2026 07:00:02.000 # Server initialized");
    now.addAndGet(ChildLog.INTERVAL_NANOS);
    log.line(String.format(QUERY_BUFFER, 300, 50000));
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertThat(out.lines())
        .hasSize(3)
        .satisfies(
            lines -> {
              assertThat(lines.get(0)).startsWith("redis-server: 12:M").contains("id=0 ");
              assertThat(lines.get(1)).endsWith("# Server initialized");
              assertThat(lines.get(2)).endsWith("(and 299 more like it in the last 10 s)");
            });
    assertThat(log.lastLines()).hasSize(20);
  }

  @Test
  void theKindIsTheMessageBeforeItsDetails() {
    assertThat(ChildLog.kindOf(String.format(QUERY_BUFFER, 1, 2)))
        .isEqualTo("Closing client that reached max query buffer length");
    assertThat(ChildLog.kindOf("not a redis line 42")).isEqualTo("not a redis line ");
  }
}
