package io.rpcxbench.protocols.thrift;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ArrivingFrame;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.Await;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 30's attacks on the Thrift server: announced frames that never come, slow senders. */
class ThriftServerLimitsTest {
  private static final int MIB = 1024 * 1024;

  private static Socket raw(ThriftServer server) throws IOException {
    Socket socket = new Socket("127.0.0.1", server.port());
    socket.setSoTimeout(10_000);
    return socket;
  }

  private static boolean endedByServer(Socket socket) throws IOException {
    try {
      return socket.getInputStream().read() < 0;
    } catch (SocketException e) {
      return true;
    }
  }

  private static void awaitUsed(InputBudget budget, long bytes) {
    Await.until(
        bytes + " bytes of the budget in use",
        Duration.ofSeconds(10),
        () -> budget.used() == bytes);
  }

  @Test
  void anAnnouncedFrameCostsOnlyWhatArrived() throws Exception {
    long max = 64L * MIB + 3;
    InputBudget budget = InputBudget.shared(max);
    List<Socket> attackers = new ArrayList<>();
    try (ThriftServer server =
            ThriftServer.start("127.0.0.1", 0, ServerLimits.defaults().withMaxBufferedBytes(max));
        CallConnection honest = CallConnection.open("127.0.0.1", server.port(), 2_000, 10_000)) {
      for (int i = 0; i < 50; i++) {
        Socket s = raw(server);
        attackers.add(s);
        new DataOutputStream(s.getOutputStream()).writeInt(MIB - 100);
        s.getOutputStream().write(new byte[4]);
      }
      awaitUsed(budget, 50L * ArrivingFrame.FIRST_CHUNK);
      assertThat(budget.used()).isEqualTo(50L * ArrivingFrame.FIRST_CHUNK);
      assertThat(honest.client().hello("during")).isEqualTo("hello, during");
    } finally {
      for (Socket s : attackers) {
        s.close();
      }
    }
    awaitUsed(budget, 0);
    assertThat(budget.used()).isZero();
  }

  @Test
  void aSenderTricklingAFrameIsCutAtTheFrameDeadline() throws Exception {
    ServerLimits limits = ServerLimits.defaults().withFrameDeadline(Duration.ofMillis(500));
    try (ThriftServer server = ThriftServer.start("127.0.0.1", 0, limits);
        Socket slow = raw(server);
        CallConnection idle = CallConnection.open("127.0.0.1", server.port(), 2_000, 10_000)) {
      new DataOutputStream(slow.getOutputStream()).writeInt(100);
      boolean cut = false;
      for (int i = 0; i < 30 && !cut; i++) {
        Thread.sleep(100); // the behaviour: a slow sender's pace
        try {
          slow.getOutputStream().write(0); // a byte every 100 ms: never whole in time
        } catch (IOException e) {
          cut = true;
        }
      }
      assertThat(cut || endedByServer(slow)).isTrue();
      Thread.sleep(600); // the behaviour: idle past the 500 ms frame deadline, yet not cut
      assertThat(idle.client().hello("idle is not slow")).isEqualTo("hello, idle is not slow");
    }
  }
}
