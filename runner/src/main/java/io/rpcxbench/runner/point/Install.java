package io.rpcxbench.runner.point;

import java.nio.file.Path;

/**
 * This install of rpcx-bench: its home (the repository or deploy folder, where the server jars,
 * {@code deploy/} and {@code bench/} are), the java binary every JVM it forks runs on, and the
 * report tool's jar. Read once by {@code rpcx-bench} and handed to each command, which hands it on:
 * no command reaches back for where things are.
 *
 * <pre>{@code
 * Install install = Install.fromEnvironment();
 * new ProcessBuilder(install.java(), "-jar", install.reportJar().toString(), "--help");
 * }</pre>
 */
public record Install(Path home, String java, Path reportJar) {

  /**
   * RPCX_BENCH_HOME (the launcher sets it), else the working directory; RPCX_BENCH_REPORT_JAR, else
   * the home's {@code report/target/report.jar}; this JVM's own java binary.
   */
  public static Install fromEnvironment() {
    String h = System.getenv("RPCX_BENCH_HOME");
    Path home = Path.of(h == null || h.isBlank() ? "." : h).toAbsolutePath().normalize();
    String jar = System.getenv("RPCX_BENCH_REPORT_JAR");
    return new Install(
        home,
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        jar != null ? Path.of(jar) : home.resolve("report/target/report.jar"));
  }
}
