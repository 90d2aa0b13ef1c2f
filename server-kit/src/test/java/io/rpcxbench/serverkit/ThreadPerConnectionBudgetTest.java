package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Frames announced by a 4-byte length are read as they arrive, within the process's budget: issue
 * 30's "a length prefix, then nothing" attack costs a few KiB per connection, not the frame.
 */
class ThreadPerConnectionBudgetTest {
  private static final int MIB = 1024 * 1024;

  /** A request is a 4-byte length and that many bytes; the reply is the length. */
  private static void framed(RequestInput in, OutputStream out) throws IOException {
    DataInputStream data = new DataInputStream(in);
    DataOutputStream replies = new DataOutputStream(out);
    while (true) {
      int length;
      try {
        length = data.readInt();
      } catch (EOFException e) {
        return;
      }
      if (length < 0 || length > 2 * MIB) {
        throw new BadInputException("frame of " + length + " bytes");
      }
      byte[] frame = in.readFrame(length);
      replies.writeInt(frame.length);
      replies.flush();
    }
  }

  private static ThreadPerConnectionServer server(long budget) throws IOException {
    ServerLimits limits = ServerLimits.none().withMaxBufferedBytes(budget);
    return ThreadPerConnectionServer.start(
        "framed", "127.0.0.1", 0, limits, ThreadPerConnectionBudgetTest::framed);
  }

  private static Socket connect(RunningServer server) throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
    socket.setSoTimeout(10_000);
    return socket;
  }

  private static void announce(Socket socket, int length, int sent) throws IOException {
    DataOutputStream out = new DataOutputStream(socket.getOutputStream());
    out.writeInt(length);
    out.write(new byte[sent]);
    out.flush();
  }

  private static int call(Socket socket, int length) throws IOException {
    announce(socket, length, length);
    return new DataInputStream(socket.getInputStream()).readInt();
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
    long max = 64L * MIB + 1;
    InputBudget budget = InputBudget.shared(max);
    List<Socket> attackers = new ArrayList<>();
    try (ThreadPerConnectionServer server = server(max);
        Socket honest = connect(server)) {
      for (int i = 0; i < 100; i++) {
        Socket s = connect(server);
        attackers.add(s);
        announce(s, MIB, 4);
      }
      awaitUsed(budget, 100L * ArrivingFrame.FIRST_CHUNK);
      assertThat(budget.used()).isEqualTo(100L * ArrivingFrame.FIRST_CHUNK);
      assertThat(call(honest, 100)).isEqualTo(100);
      assertThat(call(honest, MIB)).as("a whole large frame grows as it arrives").isEqualTo(MIB);
    } finally {
      for (Socket s : attackers) {
        s.close();
      }
    }
    awaitUsed(budget, 0);
    assertThat(budget.used()).isZero();
  }

  @Test
  void theConnectionWhoseFramePassesTheBudgetIsClosedSmallRequestsGoOn() throws Exception {
    long max = 512 * 1024 + 2;
    InputBudget budget = InputBudget.shared(max);
    try (ThreadPerConnectionServer server = server(max);
        Socket first = connect(server);
        Socket second = connect(server);
        Socket honest = connect(server)) {
      announce(first, MIB, 200 * 1024); // holds 256 KiB
      awaitUsed(budget, 256 * 1024);
      boolean cut = false;
      try {
        announce(second, MIB, 300 * 1024); // 256 + 512 KiB would pass
      } catch (SocketException e) {
        cut = true; // closed while it was still sending
      }
      assertThat(cut || endedByServer(second)).isTrue();
      assertThat(call(honest, 2000)).as("within the granted share").isEqualTo(2000);
      first.close();
      awaitUsed(budget, 0);
      assertThat(call(honest, 200 * 1024)).isEqualTo(200 * 1024);
    }
  }
}
