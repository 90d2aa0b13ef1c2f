package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30's attacks on a protocol's fat jar in a small JVM ({@value #HEAP_MIB} MiB of heap), each
 * while an honest client calls through the plug-in (a 2 s deadline): the server must stay alive,
 * serve the honest client during the attack at least a fifth as often as just before it (the
 * issue's line between a server that held and one that "served under 20 % of its baseline"; on this
 * shared 2-vCPU box 300 connections opening beside a healthy gRPC server measured 39 %), serve
 * every call after it, log at most a few lines, and keep its RSS under the heap, 200 MiB and 128
 * KiB per connection held. One subclass per protocol, run by failsafe:
 *
 * <pre>{@code
 * class ThriftAttackIT extends AttackContract {
 *   ThriftAttackIT() { super("thrift", new byte[] {0, 0x10, 0, 0}); }   // "1 MiB follows"
 * }
 * }</pre>
 *
 * Each attack is bounded: {@value #PREFIX_CONNECTIONS} and {@value #IDLE_CONNECTIONS} connections,
 * {@value #WINDOW_SECONDS} s windows, loopback only. Each test prints a line {@code ATTACK}: the
 * figures of {@code docs/hardening.md}. The larger sizes of the issue (1,000 and 5,000 connections)
 * run with {@code -Dattack.large=true}.
 */
public abstract class AttackContract {
  static final int HEAP_MIB = 128;
  static final int PREFIX_CONNECTIONS = 300;
  static final int IDLE_CONNECTIONS = 2000;
  static final int WINDOW_SECONDS = 3;

  /** What the JVM takes besides its heap (code, metaspace, GC, the honest client's connection). */
  private static final int OVERHEAD_MIB = 200;

  /**
   * What a connection may cost outside the heap: a thread-per-connection server's thread (its
   * stack's touched pages, its malloc arena) is most of it.
   */
  private static final int PER_CONNECTION_KIB = 128;

  private static final int MAX_LOG_LINES = 20;
  private static final boolean LARGE = Boolean.getBoolean("attack.large");

  private final String id;
  private final byte[] announcingPrefix;

  @TempDir Path dir;
  private ServerProcess server;
  private BenchClient client;
  private Path log;

  /**
   * @param id the protocol
   * @param announcingPrefix the first bytes of a request that announce about 1 MiB to follow
   */
  protected AttackContract(String id, byte[] announcingPrefix) {
    this.id = id;
    this.announcingPrefix = announcingPrefix.clone();
  }

  @AfterEach
  void stop() throws Exception {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private int start() throws Exception {
    ProtocolProvider provider = ServerJarContract.provider(id);
    Path jar = ServerJarContract.catalogJar(provider); // fatJar names the module's first jar only
    List<String> args = new ArrayList<>(List.of("-Xmx" + HEAP_MIB + "m", "-jar", jar.toString()));
    args.addAll(List.of("--bind", "127.0.0.1", "--port", "0"));
    args.addAll(provider.server().args());
    log = dir.resolve("server.log");
    server = ServerProcess.start(id, args, log);
    int port = server.awaitReadyPort();
    client =
        provider.open(
            new ClientOptions("127.0.0.1", port, Duration.ofSeconds(2), Duration.ofSeconds(2), 1));
    return port;
  }

  private HonestCaller honest() {
    AtomicLong n = new AtomicLong();
    return HonestCaller.start(
        () -> {
          String name = "n" + n.incrementAndGet();
          return client.hello(name).equals("hello, " + name);
        });
  }

  private static int okIn(HonestCaller honest, int seconds) throws InterruptedException {
    int before = honest.ok();
    Thread.sleep(seconds * 1000L);
    return honest.ok() - before;
  }

  /**
   * Honest calls in {@code seconds}, as the median second times the seconds: one second that a busy
   * machine stalls, or that runs unusually fast, moves neither the baseline nor the figure during
   * the attack (a sum let one outlier second fail a healthy server on a loaded box).
   */
  private static int typicalOkIn(HonestCaller honest, int seconds) throws InterruptedException {
    int[] perSecond = new int[Math.max(3, seconds)];
    for (int i = 0; i < perSecond.length; i++) {
      perSecond[i] = okIn(honest, 1);
    }
    java.util.Arrays.sort(perSecond);
    return perSecond[perSecond.length / 2] * seconds;
  }

  private long logLines() throws Exception {
    return Files.readAllLines(log).size();
  }

  /** Issue 30, item 1: connections that send only a length prefix announcing a large frame. */
  @Test
  void lengthPrefixesAnnouncingLargeFrames() throws Exception {
    attack("length prefixes", LARGE ? 1000 : PREFIX_CONNECTIONS, announcingPrefix);
  }

  /** Issue 30, item 1: idle connections, each costing the server its per-connection buffers. */
  @Test
  void idleConnections() throws Exception {
    attack("idle connections", LARGE ? 4000 : IDLE_CONNECTIONS, new byte[0]);
  }

  private void attack(String name, int connections, byte[] bytes) throws Exception {
    int port = start();
    long linesBefore = logLines();
    try (HonestCaller honest = honest();
        HostileClient attacker = new HostileClient("127.0.0.1", port)) {
      okIn(honest, 1); // warm-up
      int baseline = typicalOkIn(honest, WINDOW_SECONDS);
      int opened = attacker.open(connections, bytes);
      int during = typicalOkIn(honest, WINDOW_SECONDS);
      attacker.close();
      honest.close();
      int after = 0;
      for (int i = 0; i < 100; i++) {
        String caller = "after" + i;
        if (client.hello(caller).equals("hello, " + caller)) {
          after++;
        }
      }
      ProcessMemory memory = server.memory();
      long lines = logLines() - linesBefore;
      System.out.printf(
          "ATTACK %s %s (%d connections opened of %d): honest calls %d in %d s before, %d during,"
              + " %d/100 after; %d failed; server RSS peak %d MiB; %d log lines%n",
          id,
          name,
          opened,
          connections,
          baseline,
          WINDOW_SECONDS,
          during,
          after,
          honest.failed(),
          memory.peakMib(),
          lines);
      assertThat(server.isAlive()).as("alive").isTrue();
      assertThat(during)
          .as("served during, against %d before", baseline)
          .isGreaterThanOrEqualTo(baseline / 5);
      assertThat(after).as("served after").isEqualTo(100);
      assertThat(lines).as("log lines").isLessThanOrEqualTo(MAX_LOG_LINES);
      assertThat(memory.peakMib())
          .as("RSS peak")
          .isLessThan(HEAP_MIB + OVERHEAD_MIB + (long) opened * PER_CONNECTION_KIB / 1024);
    }
  }
}
