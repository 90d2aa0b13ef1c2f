package io.rpcxbench.report.diff;

import static io.rpcxbench.report.diff.DiffCommandTest.point;
import static io.rpcxbench.report.diff.DiffCommandTest.trials;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.report.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report profiles}: one folder's points side by side across network profiles. */
class ProfilesCommandTest {
  @TempDir Path tmp;

  @Test
  void aRankingThatFlipsBetweenProfilesIsNamedWithItsTests() throws Exception {
    PointIdentity rpcx = PointIdentity.closed("rpcx", 16, 300);
    PointIdentity http = PointIdentity.closed("http-json", 16, 300);
    // loopback: rpcx 3x quicker; wan: http-json quicker (rpcx's runs and calls 50 % longer)
    trials(tmp, rpcx.withNetworkProfile("loopback"), "a", 100, 200, 1, 5, 0.03);
    trials(tmp, http.withNetworkProfile("loopback"), "a", 300, 600, 2, 5, 0.03);
    trials(tmp, rpcx.withNetworkProfile("wan"), "a", 6000, 60_000, 3, 5, 0.03);
    trials(tmp, http.withNetworkProfile("wan"), "a", 4000, 40_000, 4, 5, 0.03);
    Path page = tmp.resolve("profiles.md");
    Cli.Result r = Cli.run("profiles", tmp.toString(), "--out", page.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("## t16-r300")
        .contains("| protocol | loopback calls/s | loopback p50 µs | loopback p99 µs | wan calls/s")
        .containsPattern(
            "- loopback: throughput rpcx > \\([23]\\.\\d\\dx \\[[23]\\.\\d\\d-[23]\\.\\d\\d\\]\\)"
                + " http-json; p99 rpcx > \\(0\\.3\\dx \\[")
        .containsPattern(
            "- wan: throughput http-json > \\(1\\.\\d\\dx \\[[^]]*\\]\\) rpcx; p99 http-json >")
        .contains("**Rankings that flip:**")
        .contains("throughput: http-json is better on wan (rpcx/http-json 0.6")
        .containsPattern("rpcx on loopback \\(rpcx/http-json (2\\.9|3\\.)")
        .contains("over trials");
    assertThat(Files.readString(page)).isEqualTo(r.out());
  }

  @Test
  void oneProfileSaysSoAndAFolderWithoutFilesIsOneLine() throws Exception {
    point(tmp.resolve("one"), PointIdentity.closed("rpcx", 2, 10), "a", 100, 200, 1);
    point(tmp.resolve("one"), PointIdentity.closed("grpc", 2, 10), "a", 100, 200, 2);
    Cli.Result r = Cli.run("profiles", tmp.resolve("one").toString());
    assertThat(r.exit()).isZero();
    assertThat(r.err()).contains("note: no point of");
    assertThat(r.out()).contains("One profile only: nothing to flip.");
    Files.createDirectories(tmp.resolve("empty"));
    Cli.Result empty = Cli.run("profiles", tmp.resolve("empty").toString());
    assertThat(empty.exit()).isEqualTo(1);
    assertThat(empty.err()).contains("holds no raw file with runs");
  }
}
