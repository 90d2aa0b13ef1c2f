package io.rpcxbench.protocols.bert;

import io.rpcxbench.serverkit.RunningServer;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * The Erlang side of the interop check: {@code erlang/bench_server.escript} as a {@link
 * RunningServer} and {@code erlang/bench_client.escript} as a process. Tests that use it are
 * skipped, with the reason printed, when {@code escript} is not on the PATH (Debian: {@code
 * erlang-base}).
 */
final class Escript {
  static final Path SERVER = Path.of("erlang/bench_server.escript");
  static final Path CLIENT = Path.of("erlang/bench_client.escript");
  private static final Pattern READY = Pattern.compile("bert listening on 127\\.0\\.0\\.1:(\\d+)");

  private Escript() {}

  /** Skips the calling test (or test class, from a @BeforeAll) without escript. */
  static void assumeInstalled(String test) {
    boolean found = false;
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      found |= !dir.isEmpty() && Files.isExecutable(Path.of(dir, "escript"));
    }
    if (!found) {
      System.out.println(
          test + " skipped: no escript on the PATH (Debian: apt-get install erlang-base)");
    }
    Assumptions.assumeTrue(found, "no escript on the PATH (Debian: apt-get install erlang-base)");
  }

  /** The escript server on 127.0.0.1:port (0: one the OS picks), once its ready line is out. */
  static RunningServer startServer(int port) throws IOException {
    Process process =
        new ProcessBuilder("escript", SERVER.toString(), "--port", String.valueOf(port))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    Matcher ready = READY.matcher(String.valueOf(line));
    if (!ready.matches()) {
      process.destroyForcibly();
      throw new IOException("bench_server.escript did not start: " + line);
    }
    int bound = Integer.parseInt(ready.group(1));
    return new RunningServer() {
      @Override
      public int port() {
        return bound;
      }

      /** Ends its stdin, on which it halts at once (SIGTERM takes ~1 s: init:stop). */
      @Override
      public void close() {
        try {
          process.getOutputStream().close();
          if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
          }
        } catch (IOException e) {
          process.destroyForcibly();
        } catch (InterruptedException e) {
          process.destroyForcibly();
          Thread.currentThread().interrupt();
        }
      }
    };
  }

  /** Runs the escript client against 127.0.0.1:port; its exit code and output. */
  static Result runClient(int port) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder("escript", CLIENT.toString(), "--port", String.valueOf(port))
            .redirectErrorStream(true)
            .start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("bench_client.escript did not finish within 60 s:\n" + output);
    }
    return new Result(process.exitValue(), output);
  }

  record Result(int exitCode, String output) {}
}
