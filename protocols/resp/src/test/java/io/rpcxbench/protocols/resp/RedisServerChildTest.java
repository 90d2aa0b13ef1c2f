package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.BindException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real redis-server as a child: its start, its stop, its death, a busy port, no binary. */
class RedisServerChildTest {

  @Test
  void theCommandLineHasNoPersistenceAndTheContractsBulkLimit() {
    assertThat(
            RedisConfig.defaults()
                .arguments(Path.of("/usr/bin/redis-server"), "0.0.0.0", 8095, Path.of("/d")))
        .containsSequence("--port", "8095")
        .containsSequence("--bind", "0.0.0.0")
        .containsSequence("--unixsocket", "/d/admin.sock")
        .containsSequence("--unixsocketperm", "700")
        .containsSequence("--save", "")
        .containsSequence("--appendonly", "no")
        .containsSequence("--daemonize", "no")
        .containsSequence("--proto-max-bulk-len", "1048576")
        .containsSequence("--maxmemory-policy", "noeviction")
        .doesNotContain("--tls-port");
  }

  @Test
  void findLooksOnlyAtThePathsExecutables(@TempDir Path dir) throws Exception {
    Path notExecutable = Files.createFile(dir.resolve("redis-server"));
    assertThat(RedisServerChild.find("redis-server", dir.toString())).isEmpty();
    assertThat(notExecutable.toFile().setExecutable(true)).isTrue();
    assertThat(RedisServerChild.find("redis-server", "/nonexistent:" + dir))
        .contains(notExecutable);
    assertThat(RedisServerChild.find("redis-server", null)).isEmpty();
  }

  @Test
  void startsOnAFreePortAnswersPingAndStopsOnClose() throws Exception {
    RedisInstalled.assume();
    RedisServerChild redis = RedisServerChild.start("127.0.0.1", 0, code -> {});
    int port = redis.port();
    assertThat(port).isPositive();
    try (Socket ok = new Socket("127.0.0.1", port)) {
      assertThat(ok.isConnected()).isTrue();
    }
    assertThat(redis.adminSocket()).exists();
    redis.close();
    redis.close();
    assertThat(ProcessHandle.of(redis.pid()).map(ProcessHandle::isAlive)).isNotEqualTo(true);
    assertThat(redis.adminSocket().getParent()).as("the private folder, deleted").doesNotExist();
    assertThatThrownBy(() -> new Socket("127.0.0.1", port).close())
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void aKilledChildIsReportedWithItsExitCode() throws Exception {
    RedisInstalled.assume();
    CompletableFuture<Integer> exit = new CompletableFuture<>();
    try (RedisServerChild redis = RedisServerChild.start("127.0.0.1", 0, exit::complete)) {
      ProcessHandle.of(redis.pid()).orElseThrow().destroyForcibly();
      assertThat(exit.get(30, TimeUnit.SECONDS)).isNotZero();
    }
  }

  @Test
  void aBusyPortIsABindException() throws Exception {
    RedisInstalled.assume();
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      assertThatThrownBy(() -> RedisServerChild.start("127.0.0.1", busy.getLocalPort(), c -> {}))
          .isInstanceOf(BindException.class);
    }
  }
}
