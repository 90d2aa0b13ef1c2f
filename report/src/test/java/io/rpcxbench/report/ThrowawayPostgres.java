package io.rpcxbench.report;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL server of its own for a test: initdb + pg_ctl from Debian's postgresql package in a
 * temp folder, on a free loopback port. PostgreSQL refuses to run as root, so as root it runs as
 * the user "postgres" (or "nobody") via runuser. Aborts the test (skipped, with the reason) if it
 * cannot start.
 */
public final class ThrowawayPostgres implements AutoCloseable {
  private final Path dir;
  private final Path bin;
  private final List<String> asUser;
  final int port;

  private ThrowawayPostgres(Path dir, Path bin, List<String> asUser, int port) {
    this.dir = dir;
    this.bin = bin;
    this.asUser = asUser;
    this.port = port;
  }

  public String jdbcUrl() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=bench";
  }

  public static ThrowawayPostgres start() throws IOException, InterruptedException {
    Path bin = findBin();
    Assumptions.assumeTrue(
        bin != null,
        "PostgreSQL server not installed (no /usr/lib/postgresql/*/bin/initdb; apt-get install postgresql)");
    List<String> asUser = new ArrayList<>();
    Path dir = Files.createTempDirectory("rpcxbench-pg");
    if (Processes.isRoot()) {
      String user = userExists("postgres") ? "postgres" : "nobody";
      Assumptions.assumeTrue(
          Processes.onPath("runuser") != null, "running as root without runuser");
      UserPrincipal owner =
          dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(user);
      Files.setOwner(dir, owner);
      asUser.addAll(List.of("runuser", "-u", user, "--"));
    }
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    ThrowawayPostgres pg = new ThrowawayPostgres(dir, bin, asUser, port);
    pg.exec(
        "initdb",
        List.of(
            "-D",
            dir.resolve("data").toString(),
            "-U",
            "bench",
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync"),
        "initdb.log");
    pg.exec(
        "pg_ctl",
        List.of(
            "-D",
            dir.resolve("data").toString(),
            "-l",
            dir.resolve("server.log").toString(),
            "-w",
            "-t",
            "60",
            "-o",
            "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off",
            "start"),
        "pg_ctl.log");
    return pg;
  }

  private void exec(String tool, List<String> args, String logName)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(asUser);
    cmd.add(bin.resolve(tool).toString());
    cmd.addAll(args);
    // The log goes to the JVM's temp dir: the server's user may not write where we do, and vice
    // versa.
    Path log = Files.createTempFile("rpcxbench-" + logName, ".txt");
    try {
      Processes.Done done = Processes.run(cmd, log, 90);
      if (done.exit() != 0) {
        String serverLog =
            Files.exists(dir.resolve("server.log"))
                ? Files.readString(dir.resolve("server.log"))
                : "";
        close();
        Assumptions.abort(
            "cannot start a throwaway PostgreSQL: "
                + String.join(" ", cmd)
                + " exited "
                + done.exit()
                + ":\n"
                + done.output()
                + serverLog);
      }
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private static Path findBin() throws IOException {
    Path root = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(root)) {
      return null;
    }
    try (Stream<Path> versions = Files.list(root)) {
      return versions
          .map(v -> v.resolve("bin"))
          .filter(
              b ->
                  Files.isExecutable(b.resolve("initdb"))
                      && Files.isExecutable(b.resolve("pg_ctl")))
          .max(Comparator.comparingInt(b -> versionOf(b.getParent().getFileName().toString())))
          .orElse(null);
    }
  }

  private static int versionOf(String name) {
    try {
      return Integer.parseInt(name.replaceAll("\\..*", ""));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static boolean userExists(String user) {
    try {
      return new ProcessBuilder("id", "-u", user).start().waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Processes.deleteTree(dir);
  }

  private void stop() throws IOException, InterruptedException {
    if (Files.exists(dir.resolve("data/postmaster.pid"))) {
      List<String> cmd = new ArrayList<>(asUser);
      cmd.addAll(
          List.of(
              bin.resolve("pg_ctl").toString(),
              "-D",
              dir.resolve("data").toString(),
              "-m",
              "immediate",
              "-w",
              "stop"));
      Path log = Files.createTempFile("rpcxbench-pg-stop", ".txt");
      Processes.run(cmd, log, 60);
      Files.deleteIfExists(log);
    }
  }
}
