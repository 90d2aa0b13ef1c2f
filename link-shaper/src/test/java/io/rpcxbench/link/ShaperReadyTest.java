package io.rpcxbench.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ShaperReadyTest {
  @Test
  void theReadyLineIsReadBackByItsOneReader() {
    NetworkProfile wan = NetworkProfiles.packed().named("wan");
    String line = ShaperReady.line("127.0.0.1:40213", "127.0.0.1:8081", wan, false, 7);
    ShaperReady ready = ShaperReady.parse(line).orElseThrow();
    assertThat(ready.listenPort()).isEqualTo(40213);
    assertThat(ready.targetPort()).isEqualTo(8081);
    assertThat(ready.fields()).containsEntry("profile", "wan").containsEntry("up_rate", "100mbit");
    assertThat(ready.describe())
        .isEqualTo(
            "profile wan; up delay=20ms jitter=2ms distribution=normal loss=0% loss_correlation=0%"
                + " reorder=0% duplicate=0% rate=100mbit; down delay=20ms jitter=2ms"
                + " distribution=normal loss=0% loss_correlation=0% reorder=0% duplicate=0%"
                + " rate=100mbit; seed 7");
    assertThat(ShaperReady.parse("some other line")).isEmpty();
    assertThatThrownBy(() -> ShaperReady.parse("link-shaper ready listen=1:2"))
        .hasMessage("a link-shaper ready line without to");
  }

  @Test
  void showPrintsTheResolvedProfileAsKeyValueLines() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new LinkShaperMain());
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    int code =
        cmd.execute(
            "--show",
            "--profile",
            "lossy",
            "--setting",
            "up:rate=10mbit",
            "--setting",
            "both:reorder=5%");
    assertThat(err.toString()).isEmpty();
    assertThat(code).isZero();
    assertThat(out.toString().lines())
        .startsWith("profile=lossy", "up_delay=20ms", "up_jitter=2ms", "up_distribution=normal")
        .contains("up_loss=1%", "up_loss_correlation=25%", "up_reorder=5%", "up_rate=10mbit")
        .contains("down_rate=100mbit", "down_reorder=5%")
        .last()
        .asString()
        .startsWith("description=the wan profile with 1 % packet loss");
  }

  @Test
  void showRefusesWhatTheLabWouldRefuse() {
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new LinkShaperMain());
    cmd.setErr(new PrintWriter(err));
    assertThat(cmd.execute("--show", "--profile", "loopback", "--setting", "up:reorder=5%"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("reorder needs a delay");
    assertThat(cmd.execute("--show", "--setting", "both:loss=2")).isEqualTo(2);
    assertThat(err.toString()).contains("loss must look like 1% or 0.5%, got '2'");
    assertThat(cmd.execute("--show", "--setting", "sideways:rate=1mbit")).isEqualTo(2);
  }
}
