package io.rpcxbench.runner.point;

import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.testsupport.Await;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A run on an --out folder, as compare's trials are, for {@link InterruptedRunTest}: it starts a
 * server, and once SIGTERM's hook has stopped it, starts the next trial's server as compare's loop
 * does: {@code while-the-hook-runs} (the hook is still stopping) or {@code after-the-hook} (the
 * hook is done; another hook keeps the JVM up meanwhile).
 *
 * <p>Arguments: OUT HOME MODE, with {@code HOME/pid.jar} running {@link PidServerMain}.
 */
public final class InterruptedRunMain {
  private InterruptedRunMain() {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args[0]);
    Path home = Path.of(args[1]);
    boolean afterTheHook = args[2].equals("after-the-hook");
    CountDownLatch hookRan = new CountDownLatch(1);
    CountDownLatch nextTried = new CountDownLatch(1);
    List<LocalServers> running = new CopyOnWriteArrayList<>();
    if (afterTheHook) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> await(nextTried), "keep-up"));
    }
    SweepLog log = new SweepLog(new PrintWriter(System.out, true));
    int code =
        new OutFolderRun(out, "test", log)
            .run(
                "test",
                h -> "locked by " + h,
                new OutFolderRun.Steps() {
                  @Override
                  public int work(OwnProcesses own) throws IOException, InterruptedException {
                    start(home, own, running, "first");
                    log.line("first trial's server ready");
                    hookRan.await();
                    if (afterTheHook) {
                      Await.until(
                          "the hook stopped what was registered",
                          Duration.ofSeconds(60),
                          () -> !Files.exists(out.resolve("sweep.pids")));
                    }
                    try {
                      start(home, own, running, "next");
                      log.line("next trial's server ready");
                    } catch (IOException e) {
                      log.line("next trial's server not started: " + e.getMessage());
                    } finally {
                      nextTried.countDown();
                    }
                    Thread.sleep(Long.MAX_VALUE); // until the JVM halts
                    return 0;
                  }

                  @Override
                  public void interrupted() {
                    close();
                    hookRan.countDown();
                    if (!afterTheHook) {
                      await(nextTried);
                    }
                  }

                  @Override
                  public void close() {
                    for (LocalServers s : running) {
                      running.remove(s);
                      try {
                        s.close();
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                    }
                  }
                });
    System.exit(code);
  }

  private static void start(Path home, OwnProcesses own, List<LocalServers> running, String name)
      throws IOException, InterruptedException {
    LocalServers servers =
        new LocalServers(
            home,
            "127.0.0.1",
            List.of(),
            List.of("-Xmx32m"),
            Files.createDirectories(home.resolve("logs-" + name)),
            line -> {},
            own,
            60_000,
            ClassDataArchives.off("a test"));
    running.add(servers);
    servers.startAll(
        List.of(new CatalogEntry(name, name, 1, 9999, "pid.jar", List.of(), "", "pid.jar")),
        List.of("--pid-dir", home.resolve("pids").toString()));
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(60, TimeUnit.SECONDS); // bounded: a broken run must not hang its test
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
