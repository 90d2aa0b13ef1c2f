package io.rpcxbench.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.testsupport.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReleaseFileTest {
  @TempDir Path dir;

  @Test
  void saysItIsReadyThenTakesTheInstantsTheDriverWrites() throws Exception {
    Path release = dir.resolve("base");
    CompletableFuture<List<Long>> got =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return ReleaseFile.await(release, TimeLimit.NEVER);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    Await.until(
        "the ready file", Duration.ofSeconds(30), () -> Files.exists(ReleaseFile.ready(release)));
    assertThat(got).isNotDone();
    Path tmp = dir.resolve("base.tmp");
    Files.writeString(tmp, ReleaseFile.text(List.of(1764316800000L, 1764316802400L)));
    Files.move(tmp, release, StandardCopyOption.ATOMIC_MOVE);
    assertThat(got.get(30, TimeUnit.SECONDS)).containsExactly(1764316800000L, 1764316802400L);
  }

  @Test
  void aReleaseLeftFromEarlierIsNotTakenForThisOne() throws Exception {
    Path release = dir.resolve("base");
    Files.writeString(release, "1,2\n");
    assertThatThrownBy(() -> ReleaseFile.await(release, System.nanoTime()))
        .isInstanceOf(TimeLimit.Reached.class);
    assertThat(ReleaseFile.ready(release)).exists();
  }

  @Test
  void aReleaseThatIsNotIncreasingInstantsIsRefusedByName() {
    assertThatThrownBy(() -> ReleaseFile.parse("5,3", "r"))
        .isInstanceOf(IOException.class)
        .hasMessage("r: the instants must increase, got 3");
    assertThatThrownBy(() -> ReleaseFile.parse("soon", "r"))
        .isInstanceOf(IOException.class)
        .hasMessage("r: 'soon' is not an instant (epoch ms)");
  }
}
