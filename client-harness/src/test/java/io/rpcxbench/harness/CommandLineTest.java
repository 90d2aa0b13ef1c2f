package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.DurationConverter;
import io.rpcxbench.harness.testplugin.LineProtocol;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad usage: exit 2 and a message that names the problem, before anything runs. */
class CommandLineTest {
  @TempDir Path out;

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--protocol foo --threads 1 --requests 1 | unknown protocol 'foo'; known: rpcx, grpc",
        "--protocol grpc,foo --threads 1 --requests 1 | unknown protocol 'foo'",
        "--protocol grpc,grpc --threads 1 --requests 1 | a protocol is named twice: grpc,grpc",
        "--protocol grpc --threads 0 --requests 1 | --threads must be a positive count, got 0",
        "--protocol grpc --threads -3 --requests 1 | --threads must be a positive count, got -3",
        "--protocol grpc --threads 1 --requests 0 | --requests must be a positive count, got 0",
        "--protocol grpc --threads 1 --requests 1 --runs 0 | --runs must be a positive count, got 0",
        "--protocol grpc --threads 1 --requests 1 --timeout 5parsecs | '5parsecs' is not a duration",
        "--protocol grpc --threads 1 --requests 1 --timeout 30 | '30' is not a duration",
        "--protocol grpc --threads 1 --requests 1 --timeout 0s | --timeout must be positive",
        "--protocol grpc --threads 1 --requests 1 --warmup -1s | --warmup must not be negative, got PT-1S",
        "--protocol grpc --threads 1 --requests 1 --warmup PT-0.5S | --warmup must not be negative, got PT-0.5S",
        "--protocol grpc --threads 1 --requests 1 --warmup abc | Invalid value for option '--warmup': 'abc' is not a duration",
        "--protocol grpc --threads 1 --requests 1 --warmup 10 | Invalid value for option '--warmup': '10' is not a duration",
        "--protocol grpc --threads 1 --requests 1 --requests-per call | 'call' is not thread or total",
        "--protocol grpc --threads 1 --requests 1 --call ping | 'ping' is not hello, echo, put, items or message",
        "--protocol grpc --threads 1 --requests 1 --call echo --payload -1 | --payload must be between 0 and",
        "--protocol grpc --threads 1 --requests 1 --port grpc=70000 | --port grpc must be a TCP port",
        "--protocol grpc --threads 1 --requests 1 --call put --payload 1048577 | --payload must be between 0 and 1048576 bytes",
        "--protocol grpc --threads 1 --requests 1 --call items --items 10001 | --items must be between 0 and 10000, got 10001",
        "--protocol grpc --threads 1 --requests 1 --grpc-port 1 | unknown option '--grpc-port'",
        "--protocol grpc --threads 1 --requests 1 --payload 100 | --payload is unused by --call hello (the default call): give --call echo or --call put with it",
        "--protocol grpc --threads 1 --requests 1 --call items --payload 100 | --payload is unused by --call items: give --call echo or --call put with it",
        "--protocol grpc --threads 1 --requests 1 --call echo --items 3 | --items is unused by --call echo: give --call items with it",
        "--protocol grpc --requests 1 | Missing required options: --threads=T and --requests=R",
        "--protocol grpc --threads 1 --requests 1 --list-protocols | mutually exclusive",
        "--protocol grpc --threads ten --requests 1 | Invalid value for option '--threads'",
        "--protocol grpc --threads 1 --requests 1 --host a,b | protocol grpc takes one server host",
        "--protocol grpc --threads 1 --requests 1 --host a:99999 | --host a:99999: the port must be 1-65535",
        "--protocol grpc --threads 1 --requests 1 --host a:x | --host a:x: 'x' is not a port",
        "--protocol grpc --threads 1 --requests 1 --host a,,b | --host must not be empty",
        "--protocol grpc --threads 1 --requests 1 --host [::1 | no closing ']'",
        "--threads 1 --requests 1 | Missing required argument (specify one of these): (--protocol=ID",
        "--protocol grpc --threads 100000 --requests 1 | --threads 100000 is more than this machine allows: at most",
        "--protocol grpc --threads 1 --requests 1 --time-limit -1s | --time-limit must not be negative",
        "--protocol grpc --threads 1 --requests 1 --time-limit-per call | 'call' is not point or run",
        "--protocol grpc --threads 1 --requests 1 --cold-start --warmup 1s | --cold-start measures the first calls in order 0; it cannot be combined with --warmup PT1S",
        "--protocol grpc --threads 1 --requests 1 --provenance Rate=1 | --provenance Rate: a key is lower snake case",
        "--protocol grpc --threads 1 --requests 1 --provenance status=x | --provenance status: the harness writes that key itself",
        "--protocol line --threads 1 --requests 1 --tls-ca ca.pem | --tls-ca: protocol line has no TLS wired (docs/tls.md lists those that do)",
        "--protocol rpcx --threads 1 --requests 1 --tls-cert c.pem --tls-key k.pem | --tls-cert and --tls-key need --tls-ca",
        "--protocol rpcx --threads 1 --requests 1 --tls-ca ca.pem --tls-cert c.pem | --tls-cert and --tls-key go together (mTLS)",
        "--protocol rpcx --threads 1 --requests 1 --tls-ca /no/such/ca.pem | --tls-ca: no readable file /no/such/ca.pem",
        "--protocol rpcx --threads 1 --requests 1 --compression gzip | --compression gzip: protocol rpcx has no compression in its stack (docs/tls.md); run it with --compression none",
        "--protocol grpc --threads 1 --requests 1 --compression zstd | --compression zstd: protocol grpc offers gzip only",
        "--protocol grpc,thrift --threads 1 --requests 1 --compression gzip | --compression gzip: protocol thrift offers zlib only",
      })
  void badUsageExitsTwoWithAMessage(String commandLine, String message) {
    String[] argv = (commandLine.trim() + " --out " + out).split(" +");
    HarnessInvocation.Outcome o = HarnessInvocation.run(argv);

    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err()).contains(message).contains("try --help");
    assertThat(o.out()).isEmpty();
    assertThat(out).isEmptyDirectory();
  }

  @Test
  void durationsInEveryAcceptedSpelling() {
    assertThat(DurationConverter.parse("500ms")).hasMillis(500);
    assertThat(DurationConverter.parse("30s")).hasSeconds(30);
    assertThat(DurationConverter.parse("2m")).hasMinutes(2);
    assertThat(DurationConverter.parse("1h")).hasHours(1);
    assertThat(DurationConverter.parse("PT1M")).hasSeconds(60);
    assertThat(DurationConverter.parse("pt1.5s")).hasMillis(1500);
    assertThat(DurationConverter.parse("0s")).isZero();
    assertThat(DurationConverter.parse("-1s")).isEqualTo(Duration.ofSeconds(-1));
  }

  @Test
  void anExistingResultFileIsKeptAndNothingRunsWithoutForce() throws IOException {
    Path file = out.resolve("grpc").resolve("t2-r3.csv");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "earlier result\n", StandardCharsets.UTF_8);

    // Port 1: nothing listens there; reaching the run would give exit 1, not 2.
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                "grpc",
                "--threads",
                2,
                "--requests",
                3,
                "--port",
                "grpc=" + 1,
                "--out",
                out));

    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err()).contains(file + " exists; pass --force to replace it");
    assertThat(file).hasContent("earlier result");
  }

  @Test
  void listProtocolsPrintsTheCatalogAsTabSeparatedLines() {
    HarnessInvocation.Outcome o = HarnessInvocation.run("--list-protocols");

    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.out().lines().toList())
        .first()
        .isEqualTo(
            "id\tlabel\ttype\tport\tserver_jar\tserver_args\texternal\tbalances\tgateway_jar\tmessages"
                + "\ttls\tcompression");
    assertThat(o.out())
        .contains(
            "rpcx\tRPCX\t1\t8081\tserver-rpcx/target/server-rpcx.jar\t-\t-\tno"
                + "\tserver-rpcx/target/server-rpcx.jar\t")
        .contains(
            "grpc\tgRPC\t2\t8082\tserver-grpc/target/server-grpc.jar\t-\t-\tno"
                + "\tserver-grpc/target/server-grpc.jar\t")
        .contains(
            "grpc-tuned\tgRPC, direct executor\t4\t8084\tserver-grpc/target/server-grpc.jar"
                + "\t--direct-executor\t-\tno\tserver-grpc/target/server-grpc.jar\t")
        .contains(
            "rpcx-epoll\tRPCX, native epoll\t21\t8097\tserver-rpcx/target/server-rpcx.jar"
                + "\t--transport EPOLL\t-\tno\tserver-rpcx/target/server-rpcx.jar\t")
        .contains(
            "rpcx-lean\tRPCX, one write per call\t23\t8081\tserver-rpcx/target/server-rpcx.jar"
                + "\t-\t-\tno\tserver-rpcx/target/server-rpcx.jar\t")
        .contains(
            "openfeign\tSpring Cloud OpenFeign\t3\t8083"
                + "\tserver-openfeign/target/server-openfeign.jar\t-\t-\tno"
                + "\tserver-openfeign/target/server-openfeign-gateway.jar\t")
        .contains(
            "openfeign-tuned\tSpring Cloud OpenFeign, pooled HttpClient 5\t22\t8098"
                + "\tserver-openfeign/target/server-openfeign.jar"
                + "\t--server.tomcat.max-keep-alive-requests=-1\t-\tno"
                + "\tserver-openfeign/target/server-openfeign-gateway.jar\t");
    assertThat(o.out().lines().skip(1))
        .allSatisfy(line -> assertThat(line.split("\t")).hasSize(12));
    // the catalog says which stacks have TLS wired and which compressions they offer
    java.util.Map<String, String[]> rows = new java.util.HashMap<>();
    o.out().lines().skip(1).forEach(l -> rows.put(l.split("\t")[0], l.split("\t")));
    assertThat(rows.get("grpc")[10]).isEqualTo("yes");
    assertThat(rows.get("grpc")[11]).isEqualTo("gzip");
    assertThat(rows.get("grpc-stream")[11]).isEqualTo("gzip");
    assertThat(rows.get("thrift")[11]).isEqualTo("zlib"); // the codec it is, not gzip
    assertThat(rows.get("openfeign")[11]).isEqualTo("gzip");
    assertThat(rows.get("openfeign-tuned")[11]).isEqualTo("gzip");
    assertThat(rows.get("amqp-qpid")[10]).isEqualTo("yes");
    assertThat(rows.get(LineProtocol.ID)[10]).isEqualTo("no"); // the tests' plug-in: no TLS
    assertThat(rows.get("rpcx")[11]).isEqualTo("-");
  }

  @Test
  void helpShowsAnExampleAndWhereTheExitCodesAre() {
    HarnessInvocation.Outcome o = HarnessInvocation.run("--help");

    assertThat(o.exitCode()).isEqualTo(0);
    assertThat(o.out())
        .contains("Example: --protocol rpcx,grpc,openfeign")
        .contains("--warmup=DURATION")
        .contains("Exit codes: rpcx-bench help exit-codes, or docs/harness.md#exit-codes")
        .doesNotContainPattern("99 +a gate failed")
        .contains("--paper")
        .contains("--threshold=EXPR");
  }
}
