package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bench scripts' reader of a raw file's columns, its own and the harness's extra ones. */
class RawColumnsTest {
  @TempDir Path dir;

  @Test
  void printsOwnAndExtraColumnsPerRunAndEmptyForAMissingOne() throws Exception {
    Path file = dir.resolve("t2-r10.csv");
    Files.writeString(
        file,
        String.join(
            "\n",
            "# rpcx-bench raw result v2",
            "# status: complete",
            "# protocol: rpcx",
            "# type: 1",
            "# threads: 2",
            "# requests: 10",
            "# runs: 2",
            "type,threadNum,requestNum,order,timeTotal,tps,calls,errors,throughput,p50_us,p90_us,"
                + "p99_us,p999_us,max_us,histogram,client_cpu_s,limited_by",
            "1,2,10,0,10.000,1000.000,20,0,2000.000,5.0,6.0,7.0,8.0,9.0,,0.010,none",
            "1,2,10,1,5.000,2000.000,20,0,4000.000,4.0,5.0,6.0,7.0,8.0,,0.005,client",
            ""));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int code =
        RawColumns.run(
            new String[] {
              file.toString(),
              "order",
              "calls",
              "client_cpu_s",
              "limited_by",
              "nope",
              "#runs",
              "#absent"
            },
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo("0\t20\t0.010\tnone\t\t2\t\n1\t20\t0.005\tclient\t\t2\t\n");
  }

  @Test
  void withoutAColumnItIsBadUsage() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(
            RawColumns.run(
                new String[] {"x.csv"},
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8)))
        .isEqualTo(2);
  }
}
