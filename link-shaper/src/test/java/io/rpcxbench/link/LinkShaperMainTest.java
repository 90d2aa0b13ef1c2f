package io.rpcxbench.link;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.RpcxBenchVersion;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** link-shaper's --version and --help as every jar of the project has them. */
class LinkShaperMainTest {
  @Test
  void versionIsTheProjectsOneLine() {
    StringWriter out = new StringWriter();
    CommandLine cli = new CommandLine(new LinkShaperMain());
    cli.setOut(new PrintWriter(out, true));
    assertThat(cli.execute("--version")).isZero();
    assertThat(out.toString().strip())
        .isEqualTo(RpcxBenchVersion.line())
        .startsWith("rpcx-bench ")
        .doesNotContain("development build");
  }

  @Test
  void helpPointsToTheExitCodes() {
    StringWriter out = new StringWriter();
    CommandLine cli = new CommandLine(new LinkShaperMain());
    cli.setOut(new PrintWriter(out, true));
    assertThat(cli.execute("--help")).isZero();
    assertThat(out.toString()).contains("Exit codes: rpcx-bench help exit-codes");
  }
}
