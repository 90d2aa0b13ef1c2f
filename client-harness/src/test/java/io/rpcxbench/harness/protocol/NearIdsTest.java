package io.rpcxbench.harness.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** "Did you mean": near-miss ids get the catalog's ids they were probably meant to be. */
class NearIdsTest {
  private static final List<String> IDS =
      List.of("rpcx", "grpc", "openfeign", "grpc-tuned", "http-json", "thrift", "rpcx-epoll");

  @Test
  void aTypoASwapAMissingLetterOrAPartFindTheId() {
    assertThat(NearIds.of("grcp", IDS)).containsExactly("grpc");
    assertThat(NearIds.of("rpxc", IDS)).containsExactly("rpcx");
    assertThat(NearIds.of("thirft", IDS)).containsExactly("thrift");
    assertThat(NearIds.of("openfein", IDS)).containsExactly("openfeign");
    assertThat(NearIds.of("http_json", IDS)).containsExactly("http-json");
    assertThat(NearIds.of("GRPC-Tuned ", IDS)).containsExactly("grpc-tuned");
    assertThat(NearIds.of("feign", IDS)).containsExactly("openfeign");
    assertThat(NearIds.of("epoll", IDS)).containsExactly("rpcx-epoll");
  }

  @Test
  void nothingNearIsNoSuggestion() {
    assertThat(NearIds.of("nope", IDS)).isEmpty();
    assertThat(NearIds.of("foo", IDS)).isEmpty();
    assertThat(NearIds.of("", IDS)).isEmpty();
  }

  @Test
  void theOneMessageNamesTheNearIdsThenTheKnownOnes() {
    assertThat(ProtocolCatalog.unknown("grcp", IDS))
        .isEqualTo(
            "unknown protocol 'grcp'; did you mean grpc? known: rpcx, grpc, openfeign,"
                + " grpc-tuned, http-json, thrift, rpcx-epoll");
    assertThat(ProtocolCatalog.unknown("nope", List.of("rpcx", "grpc")))
        .isEqualTo("unknown protocol 'nope'; known: rpcx, grpc");
    assertThat(ProtocolCatalog.unknown("rpc", IDS))
        .startsWith("unknown protocol 'rpc'; did you mean rpcx or grpc or grpc-tuned? known:");
  }

  @Test
  void theListTableHasTlsCompressionAndMessageColumns() {
    StringWriter out = new StringWriter();
    new CatalogTable(ProtocolCatalog.onClassPath()).print(new PrintWriter(out));
    String[] lines = out.toString().split("\n");

    assertThat(lines[0].split(" +"))
        .containsExactly("ID", "DESCRIPTION", "PORT", "TLS", "COMPRESSION", "MESSAGE", "SERVER");
    assertThat(out.toString())
        .containsPattern("(?m)^grpc +gRPC +8082 +yes +gzip +yes +server-grpc/target/")
        .containsPattern("(?m)^thrift +Apache Thrift +8088 +\\S+ +zlib +\\S+ +protocols/")
        .contains("--list-protocols (its messages column)");
  }
}
