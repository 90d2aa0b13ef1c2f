package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The failover drill against three server jars run as host B runs them, one of them killed with
 * SIGKILL mid-run (the kernel ends its connections) and started again on the same port.
 */
class FailoverIT {
  private final List<ServerProcess> processes = new ArrayList<>();

  @AfterEach
  void stopAll() {
    processes.forEach(ServerProcess::close);
  }

  private static ServerProcess server(int port) throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/typed-json-server.jar"));
    return ServerProcess.start(
        "typed-json",
        List.of("-jar", jar.toString(), "--bind", "127.0.0.1", "--port", String.valueOf(port)));
  }

  @Test
  void aKilledServerLosesOnlyItsCallsInFlightAndComesBack() throws Exception {
    List<Integer> ports = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ServerProcess p = server(0);
      processes.add(p);
      ports.add(p.awaitReadyPort());
    }
    FailoverDrill.run(
        "server jars (SIGKILL)",
        new FailoverDrill.Servers() {
          @Override
          public List<Integer> ports() {
            return ports;
          }

          @Override
          public void kill(int i) throws Exception {
            processes.get(i).kill();
          }

          @Override
          public void restart(int i) throws Exception {
            ServerProcess p = server(ports.get(i));
            processes.set(i, p);
            p.awaitReadyPort();
          }
        },
        1);
  }
}
