package io.rpcxbench.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PointIdentityTest {
  private static final PointIdentity HELLO = PointIdentity.closed("rpcx", 10, 100);

  @Test
  void thePapersPointKeepsTodaysName() {
    assertThat(HELLO.fileName()).isEqualTo("t10-r100.csv");
    assertThat(HELLO.path(Path.of("results"))).isEqualTo(Path.of("results/rpcx/t10-r100.csv"));
    assertThat(HELLO.withRequestsPer("total").withLinkRate("1gbit").withClientHost("a").fileName())
        .isEqualTo("t10-r100.csv");
  }

  @Test
  void aTlsPointIsAnotherPointAndItsNameSaysSo() {
    PointIdentity mtls = HELLO.withCall("items", 0, 10).withTls("mtls");
    assertThat(mtls.fileName()).isEqualTo("mtls-items-n10-t10-r100.csv");
    assertThat(mtls).isNotEqualTo(HELLO.withCall("items", 0, 10));
    assertThat(mtls.provenance()).containsEntry("tls", "mtls");
    assertThat(PointIdentity.of(mtls.provenance())).isEqualTo(mtls);
    assertThat(HELLO.provenance()).doesNotContainKey("tls");
    assertThat(PointIdentity.of(Map.of("protocol", "rpcx", "threads", "10", "requests", "100")))
        .isEqualTo(HELLO)
        .extracting(PointIdentity::tls)
        .isEqualTo("off");
  }

  @Test
  void aCompressedPointIsAnotherPointAndItsNameSaysSo() {
    PointIdentity gzip = HELLO.withTls("tls").withCompression("gzip").withCall("echo", 1024, 0);
    assertThat(gzip.fileName()).isEqualTo("tls-gzip-echo-p1024-t10-r100.csv");
    assertThat(gzip).isNotEqualTo(HELLO.withTls("tls").withCall("echo", 1024, 0));
    assertThat(gzip.provenance()).containsEntry("compression", "gzip");
    assertThat(PointIdentity.of(gzip.provenance())).isEqualTo(gzip);
    assertThat(HELLO.provenance()).doesNotContainKey("compression");
    assertThat(HELLO.withCompression("none")).isEqualTo(HELLO);
    assertThat(HELLO.compression()).isEqualTo("none");
  }

  @Test
  void aShapedLinkIsAnotherPointButLoopbackKeepsTheName() {
    PointIdentity wan = HELLO.withTls("tls").withNetworkProfile("wan");
    assertThat(wan.fileName()).isEqualTo("wan-tls-t10-r100.csv");
    assertThat(wan).isNotEqualTo(HELLO.withTls("tls"));
    assertThat(wan.provenance()).containsEntry("network_profile", "wan");
    assertThat(PointIdentity.of(wan.provenance())).isEqualTo(wan);
    PointIdentity loopback = HELLO.withNetworkProfile("loopback");
    assertThat(loopback.fileName()).isEqualTo("t10-r100.csv");
    assertThat(loopback).isNotEqualTo(HELLO);
    assertThat(HELLO.provenance()).doesNotContainKey("network_profile");
  }

  @Test
  void namesOfTheLoadModelsAndScenariosAreTheHarnesss() {
    Duration w100 = Duration.ofMillis(100);
    assertThat(PointIdentity.inFlight("grpc", 64, 1000).fileName())
        .isEqualTo("inflight-n64-r1000.csv");
    assertThat(PointIdentity.open("grpc", 1024, 5000, "1000:PT5S", "uniform").fileName())
        .isEqualTo("open-r1000-d5s.csv");
    assertThat(PointIdentity.open("grpc", 1024, 30000, "1000:PT30S", "poisson").fileName())
        .isEqualTo("open-r1000-d30s-poisson.csv");
    assertThat(PointIdentity.open("grpc", 64, 15000, "500:PT10S,1000:PT10S", "").fileName())
        .isEqualTo("open-s500x10s-1000x10s.csv");
    assertThat(PointIdentity.open("grpc", 64, 1, "2.5:PT0.5S", "uniform").fileName())
        .isEqualTo("open-r2p5-d0p5s.csv");
    assertThat(
            PointIdentity.closed("rpcx", 64, 1000)
                .withScenario("chain", Duration.ZERO, "sleep")
                .fileName())
        .isEqualTo("chain-t64-r1000.csv");
    assertThat(
            PointIdentity.closed("rpcx", 64, 1000).withScenario("chain", w100, "sleep").fileName())
        .isEqualTo("chain-w100ms-t64-r1000.csv");
    assertThat(
            PointIdentity.open("rpcx", 64, 15000, "500:PT30S", "uniform")
                .withScenario("chain", w100, "cpu")
                .fileName())
        .isEqualTo("chain-w100ms-cpu-open-r500-d30s.csv");
    assertThat(
            PointIdentity.closed("rpcx", 64, 1000)
                .withScenario("single", Duration.ofSeconds(2), "sleep")
                .fileName())
        .isEqualTo("w2s-t64-r1000.csv");
  }

  @Test
  void aDifferentPayloadOrItemCountIsADifferentPointAndItsNameSaysSo() {
    PointIdentity small = HELLO.withCall("echo", 64, 0);
    PointIdentity large = HELLO.withCall("echo", 1024, 0);
    assertThat(small).isNotEqualTo(large);
    assertThat(small.fileName()).isEqualTo("echo-p64-t10-r100.csv");
    assertThat(large.fileName()).isEqualTo("echo-p1024-t10-r100.csv");
    assertThat(HELLO.withCall("items", 0, 10).fileName()).isEqualTo("items-n10-t10-r100.csv");
    assertThat(
            HELLO
                .withCall("put", 512, 0)
                .withScenario("chain", Duration.ofMillis(2), "cpu")
                .fileName())
        .isEqualTo("chain-w2ms-cpu-put-p512-t10-r100.csv");
  }

  @Test
  void twoMessagesOfYourOwnAreTwoPointsAndTheirNamesSaySo() {
    PointIdentity order = HELLO.withCall("message", 0, 0).withMessage("order-3fa2c1d0");
    PointIdentity bigOrder = HELLO.withCall("message", 0, 0).withMessage("order-77e0b912");
    assertThat(order).isNotEqualTo(bigOrder);
    assertThat(order.fileName()).isEqualTo("message-order-3fa2c1d0-t10-r100.csv");
    assertThat(bigOrder.fileName()).isEqualTo("message-order-77e0b912-t10-r100.csv");
    assertThat(order.provenance()).containsEntry("message_id", "order-3fa2c1d0");
    assertThat(PointIdentity.of(order.provenance())).isEqualTo(order);
    // the contract's calls carry no message id
    assertThat(HELLO.withCall("echo", 64, 0).provenance()).doesNotContainKey("message_id");
  }

  @Test
  void provenanceReadsBackToTheSameIdentity() {
    List<PointIdentity> points =
        List.of(
            HELLO,
            HELLO.withCall("echo", 1024, 0).withLinkRate("1mbit").withClientHost("host-a"),
            PointIdentity.open("grpc", 64, 15000, "500:PT10S,1000:PT10S", "poisson")
                .withScenario("chain", Duration.ofMillis(100), "cpu"),
            PointIdentity.inFlight("bare", 64, 3000).withRequestsPer("total"));
    for (PointIdentity p : points) {
      assertThat(PointIdentity.of(p.provenance())).isEqualTo(p);
    }
    assertThat(HELLO.provenance().keySet())
        .containsExactly(
            "protocol",
            "load_model",
            "threads",
            "requests",
            "requests_per",
            "call",
            "payload_bytes",
            "items",
            "scenario",
            "work",
            "work_kind");
  }

  @Test
  void absentKeysTakeTheirDefaultsAndOlderFilesTheirOldKeys() {
    Map<String, String> old = new LinkedHashMap<>();
    old.put("type", "2");
    old.put("threads", "4");
    old.put("requests", "20");
    old.put("lab", "delay=0ms rate=1Gbit burst=125000");
    old.put("work", "100ms");
    PointIdentity p = PointIdentity.of(old);
    assertThat(p.protocol()).isEqualTo("type-2");
    assertThat(p.linkRate()).isEqualTo("1gbit");
    assertThat(p.call()).isEqualTo(PointKey.CALL.absent());
    assertThat(p.loadModel()).isEqualTo(PointIdentity.CLOSED);
    assertThat(p.work()).isEqualTo(Duration.ofMillis(100));
    assertThat(p.fileName()).isEqualTo("w100ms-t4-r20.csv");
  }

  @Test
  void aCountThatIsNoNumberIsRefusedWithItsKey() {
    Map<String, String> bad = new LinkedHashMap<>(HELLO.provenance());
    bad.put("payload_bytes", "many");
    assertThatThrownBy(() -> PointIdentity.of(bad)).hasMessageContaining("payload_bytes 'many'");
  }

  @Test
  void everyKeyIsDeclaredOnce() {
    assertThat(PointKey.names()).doesNotHaveDuplicates().contains("payload_bytes", "items");
    assertThat(HELLO.withLinkRate("1gbit").withClientHost("a").provenance().keySet())
        .allMatch(PointKey.names()::contains);
  }

  @Test
  void aPointWithoutRunsIsWrittenWhereTheHarnessWouldWithTheSameKeys(
      @org.junit.jupiter.api.io.TempDir Path tmp) throws java.io.IOException {
    PointIdentity chain =
        HELLO.withCall("echo", 1024, 0).withScenario("chain", Duration.ofMillis(100), "sleep");
    Path file =
        RawResultFile.writeWithoutRuns(tmp, chain, "failed", Map.of("runs", "10", "protocol", "x"));
    assertThat(file).isEqualTo(tmp.resolve("rpcx/chain-w100ms-echo-p1024-t10-r100.csv"));
    RawContents back = RawResultFile.read(file);
    assertThat(back.problems()).isEmpty();
    assertThat(back.provenance())
        .containsEntry("status", "failed")
        .containsEntry("protocol", "rpcx")
        .containsEntry("runs", "10")
        .containsEntry("runs_completed", "0");
    assertThat(PointIdentity.of(back.provenance())).isEqualTo(chain);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> RawResultFile.writeWithoutRuns(tmp, chain, "complete", Map.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
