package io.rpcxbench.raw;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RawFolderTest {
  @Test
  void theFirstRawFileInNameOrderHiddenOnesLeftOut(@TempDir Path dir) throws Exception {
    assertThat(RawFolder.first(dir)).isEmpty();
    assertThat(RawFolder.first(dir.resolve("missing"))).isEmpty();
    Files.createDirectories(dir.resolve("rpcx"));
    Files.writeString(dir.resolve("rpcx/.t1-r1.csv"), "being written");
    Files.writeString(dir.resolve("notes.txt"), "not a raw file");
    assertThat(RawFolder.first(dir)).isEmpty();
    Files.writeString(dir.resolve("rpcx/t2-r1.csv"), "x");
    Files.writeString(dir.resolve("rpcx/t10-r1.csv"), "x");
    assertThat(RawFolder.first(dir)).contains(dir.resolve("rpcx/t10-r1.csv"));
  }
}
