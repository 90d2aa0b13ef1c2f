package io.rpcxbench.runner.point;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A stand-in server for {@link InterruptedRunTest}: leaves its pid and start time in {@code
 * --pid-dir} (so a test finds it after the runner that started it is gone), listens on a free port
 * of loopback, prints the ready line, and serves until it is stopped.
 */
public final class PidServerMain {
  private PidServerMain() {}

  public static void main(String[] args) throws Exception {
    List<String> list = List.of(args);
    Path dir = Path.of(list.get(list.indexOf("--pid-dir") + 1));
    ProcessHandle self = ProcessHandle.current();
    String start = self.info().startInstant().map(Object::toString).orElse("?");
    Files.writeString(dir.resolve(Long.toString(self.pid())), start);
    try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      System.out.println("pid listening on 127.0.0.1:" + socket.getLocalPort());
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE); // serves until stopped
    }
  }
}
