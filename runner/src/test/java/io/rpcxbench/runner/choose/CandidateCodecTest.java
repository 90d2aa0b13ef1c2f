package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code choose --protocol grpc,grpc:gzip}: a candidate with its stack's codec beside the same
 * protocol without it; one server, each candidate's probes with its own {@code --compression}, and
 * the two a claim, not an A/A pair.
 */
class CandidateCodecTest {
  @TempDir Path dir;

  @Test
  void aNameHasItsProtocolItsCodecAndItsOriginal() {
    CandidateName copy = CandidateName.of("grpc:gzip#2");
    assertThat(copy.protocol()).isEqualTo("grpc");
    assertThat(copy.codec()).isEqualTo("gzip");
    assertThat(copy.original()).isEqualTo("grpc:gzip");
    CandidateName plain = CandidateName.of("rpcx#2");
    assertThat(plain.protocol()).isEqualTo("rpcx");
    assertThat(plain.hasCodec()).isFalse();
    assertThat(plain.codec()).isNull();
  }

  @Test
  void eachCandidatesProbesCarryItsOwnCodecAndOneServerServesBoth() {
    ChooseSettings s =
        ChooseArgs.settings(dir, "--local", "--protocol", "grpc,grpc:gzip", "--slo", "p99=50ms");
    assertThat(s.candidates()).containsExactly("grpc", "grpc:gzip");
    assertThat(s.target().protocols()).containsExactly("grpc");
    assertThat(s.target().harnessOptions()).doesNotContain("--compression");
    assertThat(ChooseProbes.probeRequest(s, "grpc:gzip").args())
        .containsSubsequence("--protocol", "grpc")
        .containsSubsequence("--compression", "gzip");
    assertThat(ChooseProbes.probeRequest(s, "grpc").args()).doesNotContain("--compression");
  }

  @Test
  void aProtocolBesideItselfWithACodecIsAClaimNotAnAaPair() {
    assertThat(RoundsRule.hasClaims(List.of("grpc", "grpc:gzip"))).isTrue();
    assertThat(RoundsRule.hasClaims(List.of("grpc:gzip", "grpc:gzip#2"))).isFalse();
  }

  @Test
  void aCodecTheStackLacksIsRefusedBeforeAnyWork() {
    assertThatThrownBy(
            () ->
                ChooseArgs.settings(
                    dir, "--local", "--protocol", "grpc,rpcx:gzip", "--slo", "p99=50ms"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("--compression gzip: protocol rpcx has no compression in its stack");
  }

  @Test
  void aCandidatesOwnCodecAndEveryCandidatesCodecAreOneOrTheOther() {
    assertThatThrownBy(
            () ->
                ChooseArgs.settings(
                    dir,
                    "--local",
                    "--protocol",
                    "grpc,grpc:gzip",
                    "--slo",
                    "p99=50ms",
                    "--compression",
                    "gzip"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("give one or the other");
    assertThatThrownBy(
            () ->
                ChooseArgs.settings(
                    dir, "--local", "--protocol", "grpc,grpc:", "--slo", "p99=50ms"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("is not ID:CODEC");
  }
}
