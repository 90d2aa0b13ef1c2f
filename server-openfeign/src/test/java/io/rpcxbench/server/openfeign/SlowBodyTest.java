package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: connections that announce a large body and send a few bytes of it hold a request thread
 * only for Tomcat's upload timeout (at most the frame deadline), not the 30 s connection timeout.
 */
class SlowBodyTest {
  private static Socket slowBody(int port) throws IOException {
    Socket socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(20_000); // under Tomcat's 30 s connection timeout
    OutputStream out = socket.getOutputStream();
    out.write(
        ("POST /hello HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1048576\r\n\r\n{\"na")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return socket;
  }

  private static boolean endedByServer(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    try {
      while (in.read() >= 0) {
        // an error answer may come first
      }
      return true;
    } catch (SocketException e) {
      return true;
    }
  }

  @Test
  void aStalledBodyFreesItsThreadAtTheUploadTimeout() throws Exception {
    ServerLimits limits = ServerLimits.defaults().withFrameDeadline(Duration.ofSeconds(2));
    List<Socket> slow = new ArrayList<>();
    try (RunningServer server = OpenFeignServerMain.start("127.0.0.1", 0, List.of(), limits)) {
      for (int i = 0; i < 20; i++) {
        slow.add(slowBody(server.port()));
      }
      assertThat(Http.postJson(server.port(), "/hello", "{\"name\":\"during\"}").body())
          .contains("hello, during");
      for (Socket s : slow) {
        assertThat(endedByServer(s)).isTrue();
      }
    } finally {
      for (Socket s : slow) {
        s.close();
      }
    }
  }
}
