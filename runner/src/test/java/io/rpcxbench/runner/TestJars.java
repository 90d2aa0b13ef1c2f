package io.rpcxbench.runner;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** A jar whose manifest runs a test class from this JVM's class path (a server jar in tests). */
public final class TestJars {
  private TestJars() {}

  public static Path serverJar(Path dir, String name, Class<?> main) throws IOException {
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, main.getName());
    StringBuilder cp = new StringBuilder();
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      Path p = Path.of(entry).toAbsolutePath();
      cp.append(p.toUri()).append(' ');
    }
    m.getMainAttributes().put(Attributes.Name.CLASS_PATH, cp.toString().trim());
    Path jar = dir.resolve(name);
    Files.createDirectories(jar.getParent());
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream j = new JarOutputStream(out, m)) {
      j.flush();
    }
    return jar;
  }

  /**
   * Waits for {@code p}, a fresh {@code rpcx-bench} of a test, to end: 15 minutes, generous, since
   * its trials start fresh JVMs and a busy box (a build beside it) makes minutes of seconds; one
   * still running then is killed with its children, and the test fails saying so.
   */
  public static void awaitEnd(Process p) throws InterruptedException {
    boolean ended = p.waitFor(15, java.util.concurrent.TimeUnit.MINUTES);
    if (!ended) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
    org.assertj.core.api.Assertions.assertThat(ended)
        .as("rpcx-bench still running after 15 minutes (killed)")
        .isTrue();
  }

  /** The runner's fat jar, rpcx-bench.jar (failsafe's {@code runnerJar}, else target/'s). */
  public static Path fatJar() {
    return Path.of(System.getProperty("runnerJar", "target/rpcx-bench.jar")).toAbsolutePath();
  }

  /**
   * The checkout holding {@code jar}, when it has built every jar of {@code servers} (paths under
   * it); else the test is skipped with the command that builds them.
   */
  public static Path homeWithServers(Path jar, String... servers) {
    Path home = jar.getParent().getParent().getParent();
    for (String server : servers) {
      assumeTrue(
          Files.exists(home.resolve(server)),
          server + " not built (mvn -pl " + server.split("/")[0] + " -am package)");
    }
    return home;
  }

  /**
   * {@code rpcx-bench ARGS} from {@code jar} in a JVM of its own, as users run it from {@code
   * home}, with small heaps; its output to {@code log}.
   */
  public static ProcessBuilder rpcxBench(Path jar, Path home, Path log, List<String> args) {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-cp",
                jar.toString(),
                RpcxBenchMain.class.getName()));
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("RPCX_BENCH_HOME", home.toString());
    pb.environment().put("CLIENT_JVM_OPTS", "-Xmx128m");
    return pb.redirectErrorStream(true).redirectOutput(log.toFile());
  }
}
