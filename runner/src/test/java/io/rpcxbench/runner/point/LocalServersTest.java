package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.runner.LineServerMain;
import io.rpcxbench.runner.TestJars;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real server processes (the line server from a jar) on free ports of loopback. */
class LocalServersTest {
  @TempDir Path home;

  private final List<String> logged = new ArrayList<>();

  private LocalServers servers() {
    return new LocalServers(
        home,
        "127.0.0.1",
        List.of(),
        List.of("-Xmx64m"),
        home,
        logged::add,
        new OwnProcesses(home),
        60_000,
        ClassDataArchives.off("a test"));
  }

  private static CatalogEntry entry(String id, String jar, List<String> args) {
    return new CatalogEntry(id, id, 1, 9999, jar, args, "", jar);
  }

  @Test
  void aServerSharedByTwoProtocolsStartsOnceAndGivesBothItsPort() throws Exception {
    TestJars.serverJar(home, "a/target/line.jar", LineServerMain.class);
    TestJars.serverJar(home, "b/target/other.jar", LineServerMain.class);
    try (LocalServers s = servers()) {
      Map<String, Integer> ports =
          s.startAll(
              List.of(
                  entry("one", "a/target/line.jar", List.of()),
                  entry("two", "a/target/line.jar", List.of()),
                  entry("three", "b/target/other.jar", List.of("--direct"))),
              List.of("--work", "5ms", "--work-kind", "sleep"));
      assertThat(ports.get("one")).isPositive().isEqualTo(ports.get("two"));
      assertThat(ports.get("three")).isPositive().isNotEqualTo(ports.get("one"));
      assertThat(s.pids("one")).isEqualTo(s.pids("two")).hasSize(1);
      assertThat(logged).filteredOn(l -> l.startsWith("started the server")).hasSize(2);
      assertThat(Files.readString(home.resolve("server-three.log")))
          .contains("args: --bind 127.0.0.1 --port 0 --direct --work 5ms --work-kind sleep");
      assertThat(Files.readString(home.resolve("sweep.pids"))).contains(" server");
    }
    assertThat(logged).contains("servers stopped");
  }

  @Test
  void aServerThatExitsBeforeItsReadyLineIsReportedWithItsLog() throws Exception {
    TestJars.serverJar(home, "line.jar", LineServerMain.class);
    try (LocalServers s = servers()) {
      assertThatThrownBy(
              () ->
                  s.startAll(List.of(entry("one", "line.jar", List.of("--exit-early"))), List.of()))
          .hasMessageContaining("exited before its ready line")
          .hasMessageContaining("cannot start");
    }
  }

  @Test
  void aChainIsTwoServicesAndAGatewayChainedToThem() throws Exception {
    TestJars.serverJar(home, "line.jar", LineServerMain.class);
    try (LocalServers s = servers()) {
      int port = s.startChain(entry("one", "line.jar", List.of()), List.of("--work", "1ms"));
      assertThat(port).isPositive();
      assertThat(s.pids("one")).hasSize(3);
      String gateway = Files.readString(home.resolve("server-one-gateway.log"));
      assertThat(gateway)
          .containsPattern("--chain-to 127.0.0.1:[0-9]+,127.0.0.1:[0-9]+ --chain-protocol one");
      assertThat(Files.readString(home.resolve("server-one-service-1.log"))).contains("--work 1ms");
      s.stop("one");
      assertThat(s.pids("one")).isEmpty();
    }
  }

  @Test
  void aGatewayThatRefusesSkipsItsProtocol() throws Exception {
    TestJars.serverJar(home, "line.jar", LineServerMain.class);
    try (LocalServers s = servers()) {
      assertThat(s.startChain(entry("one", "line.jar", List.of("--refuse-chain")), List.of()))
          .isEqualTo(-1);
      assertThat(logged).contains("one cannot be a chain gateway, its points are skipped");
    }
  }

  @Test
  void aMissingJarSaysHowToBuildIt() {
    try (LocalServers s = servers()) {
      assertThatThrownBy(
              () -> s.startAll(List.of(entry("one", "x/target/none.jar", List.of())), List.of()))
          .hasMessageContaining("server jar x/target/none.jar (for one) not found")
          .hasMessageContaining("mvn -B -q package -DskipTests");
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }
}
