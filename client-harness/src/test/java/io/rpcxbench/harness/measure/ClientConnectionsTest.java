package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 25: the connections a client holds, from /proc/net/tcp and tcp6. */
class ClientConnectionsTest {
  @TempDir Path proc;

  @Test
  void onlyEstablishedConnectionsToTheServersPortCount() throws Exception {
    Files.writeString(
        proc.resolve("tcp"),
        String.join(
            "\n",
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid",
            "   0: 0100007F:1F91 00000000:0000 0A 00000000:00000000 00:00000000 00000000 0", // listen
            "   1: 0100007F:C350 0100007F:1F91 01 00000000:00000000 00:00000000 00000000 0", // ours
            "   2: 0100007F:1F91 0100007F:C350 01 00000000:00000000 00:00000000 00000000 0", // its
            // end
            "   3: 0100007F:C351 0100007F:1F91 06 00000000:00000000 00:00000000 00000000 0", // TIME_WAIT
            "   4: 0100007F:C352 0100007F:0050 01 00000000:00000000 00:00000000 00000000 0")); // other
    Files.writeString(
        proc.resolve("tcp6"),
        "  sl  local_address rem_address st\n"
            + "   0: 00000000000000000000000001000000:C353 00000000000000000000000001000000:1F91 01 0\n");
    assertThat(new ClientConnections(proc, Set.of(8081)).count()).isEqualTo(2);
    assertThat(new ClientConnections(proc.resolve("none"), Set.of(8081)).count()).isEqualTo(-1);
  }

  @Test
  void realSocketsOnLoopbackAreCounted() throws Exception {
    Path procNet = Path.of("/proc/self/net");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isReadable(procNet.resolve("tcp")), "no /proc/self/net/tcp here");
    try (ServerSocket server = new ServerSocket(0)) {
      ClientConnections c = new ClientConnections(procNet, Set.of(server.getLocalPort()));
      assertThat(c.count()).isZero();
      List<Socket> open = new ArrayList<>();
      try {
        for (int i = 0; i < 3; i++) {
          open.add(new Socket("127.0.0.1", server.getLocalPort()));
        }
        assertThat(c.count()).isEqualTo(3);
      } finally {
        for (Socket s : open) {
          s.close();
        }
      }
    }
  }
}
