package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Folders of killed servers are removed by the next one; a live server's folder never is. */
class OwnedFoldersTest {
  private static final String PREFIX = "rpcx-bench-ownedfolderstest-";

  @Test
  void onlyFoldersOfDeadJvmsAreOrphans() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path orphan = Files.createTempDirectory(OwnedFolders.tmp(), PREFIX + gone.pid() + "-");
    Files.writeString(orphan.resolve("left"), "by a killed server");
    Path mine = OwnedFolders.create(PREFIX);
    try {
      assertThat(OwnedFolders.orphans(PREFIX)).containsExactly(orphan);
      OwnedFolders.orphans(PREFIX).forEach(OwnedFolders::delete);
      assertThat(orphan).doesNotExist();
      assertThat(mine).exists();
    } finally {
      OwnedFolders.delete(orphan);
      OwnedFolders.delete(mine);
    }
  }

  @Test
  void theEmbeddedBrokerRemovesTheWorkFoldersOfKilledServers() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path orphan =
        Files.createTempDirectory(OwnedFolders.tmp(), "rpcx-bench-qpid-" + gone.pid() + "-");
    try (QpidBroker broker = QpidBroker.start("127.0.0.1", 0)) {
      assertThat(orphan).doesNotExist();
    } finally {
      OwnedFolders.delete(orphan);
    }
  }

  @Test
  void rabbitMqFoldersOfKilledServersWithoutWatchdogAreRemoved() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path orphan =
        Files.createTempDirectory(OwnedFolders.tmp(), "rpcx-bench-rabbitmq-" + gone.pid() + "-");
    Files.writeString(orphan.resolve("watchdog.pid"), gone.pid() + "\n");
    Files.writeString(orphan.resolve("node.pid"), gone.pid() + "\n");
    try {
      RabbitMqBroker.cleanStrayNodes();
      assertThat(orphan).doesNotExist();
    } finally {
      OwnedFolders.delete(orphan);
    }
  }
}
