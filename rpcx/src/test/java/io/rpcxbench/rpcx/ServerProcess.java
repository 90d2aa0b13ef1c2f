package io.rpcxbench.rpcx;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * An RPCX server in a JVM of its own, so that a test can kill it like a crashed host. Started from
 * the test class path; prints its port on the first line.
 */
final class ServerProcess implements AutoCloseable {
  private final Process process;
  final int port;

  private ServerProcess(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  static ServerProcess start(int port) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(
                List.of(
                    java,
                    "-cp",
                    System.getProperty("java.class.path"),
                    Main.class.getName(),
                    String.valueOf(port)))
            .redirectErrorStream(true)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = out.readLine()) != null && !line.startsWith("port ")) {
      // skip log lines
    }
    if (line == null) {
      throw new IllegalStateException("server process exited: " + process.waitFor());
    }
    return new ServerProcess(process, Integer.parseInt(line.substring(5)));
  }

  /** Kills the process at once (SIGKILL): no graceful stop, the OS closes its sockets. */
  void kill() throws InterruptedException {
    process.destroyForcibly().waitFor();
  }

  @Override
  public void close() throws InterruptedException {
    kill();
  }

  /** The server process's entry point. */
  public static final class Main {
    public static void main(String[] args) throws InterruptedException {
      RpcxServer server =
          RpcxServer.builder()
              .bind("127.0.0.1")
              .port(Integer.parseInt(args[0]))
              .publish(new TestService())
              .build()
              .start();
      System.out.println("port " + server.port());
      System.out.flush();
      new CountDownLatch(1).await();
    }
  }
}
