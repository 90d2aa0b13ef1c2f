package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.AttackContract;
import io.rpcxbench.testsupport.AttackLine;
import io.rpcxbench.testsupport.AttackRounds;
import io.rpcxbench.testsupport.FreshServer;
import io.rpcxbench.testsupport.HonestCaller;
import io.rpcxbench.testsupport.HostileClient;
import io.rpcxbench.testsupport.ProcessMemory;
import io.rpcxbench.testsupport.ServerJarContract;
import io.rpcxbench.testsupport.ServerProcess;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * Issue 30's attacks on {@code resp-redis}: the catalog's jar ({@code --backend redis-server}, at
 * {@code -Xmx128m}, {@code -Dattack.jvm} for other flags) and the redis-server it starts with the
 * kit's limits ({@link RedisConfig}), on the criteria of test-support's {@code AttackContract},
 * which this cannot extend: that contract measures the jar's RSS, and here the connections and
 * their buffers are in the redis-server child. While an honest Jedis client calls {@code hello}
 * through the plug-in (2 s deadline): both processes alive, at least half the honest calls of the 3
 * s before (the median second; up to three before/during rounds, {@code AttackRounds}), 100/100
 * after, at most 20 log lines (the jar's stderr, which carries redis-server's log), the jar's RSS
 * under its heap + 200 MiB and redis-server's under 64 MiB + its {@code maxmemory-clients} (the
 * kit's budget and 32 KiB per connection allowed: what its clients may hold before it disconnects
 * the largest), and no honest call failed but for the clients Redis evicted (none, asserted). Each
 * test prints a line {@code ATTACK}. Skipped without redis-server.
 */
class RespRedisAttackIT {
  private static final String ID = "resp-redis";
  private static final List<String> JVM_FLAGS = AttackContract.JVM_FLAGS;
  private static final int HEAP_MIB = AttackContract.HEAP_MIB;
  private static final int JVM_OVERHEAD_MIB = 200;
  private static final int REDIS_BASE_MIB = 64;
  private static final int MAX_LOG_LINES = 20;
  private static final byte[] ANNOUNCES_1_MIB =
      "*2\r\n$4\r\nECHO\r\n$1048576\r\n".getBytes(StandardCharsets.US_ASCII);

  @TempDir Path dir;
  private ServerProcess server;
  private BenchClient client;
  private Path log;
  private List<String> serverArgs;
  private int port;

  @BeforeEach
  void needsRedisServer() {
    RedisInstalled.assume();
  }

  @AfterEach
  void stop() throws Exception {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.terminate();
    }
  }

  @Test
  void commandsAnnouncingAOneMibBulkStringThenNothing() throws Exception {
    attack("300 commands announcing a 1 MiB bulk string", 300, ANNOUNCES_1_MIB);
  }

  @Test
  void idleConnections() throws Exception {
    attack("2,000 idle connections", 2000, new byte[0]);
  }

  /** 300 connections each sending 1,000,000 bytes of a 1 MiB bulk string: 300 MB unbounded. */
  @Test
  void queryBufferFlood() throws Exception {
    byte[] flood = Arrays.copyOf(ANNOUNCES_1_MIB, ANNOUNCES_1_MIB.length + 1_000_000);
    Arrays.fill(flood, ANNOUNCES_1_MIB.length, flood.length, (byte) 'x');
    attack("300 query buffers of 1,000,000 bytes (a 1 MiB bulk string unfinished)", 300, flood);
  }

  /** 4 connections each pipelining 1,000 ECHOs of 60 KB and never reading a reply. */
  @Test
  void unreadRepliesFlood() throws Exception {
    byte[] payload = new byte[60_000];
    Arrays.fill(payload, (byte) 'y');
    ByteArrayOutputStream commands = new ByteArrayOutputStream();
    for (int i = 0; i < 1000; i++) {
      commands.writeBytes(
          ("*2\r\n$4\r\nECHO\r\n$" + payload.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
      commands.writeBytes(payload);
      commands.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    attack("4 clients pipelining 1,000 ECHOs of 60 KB, replies unread", 4, commands.toByteArray());
  }

  private void start() throws Exception {
    ProtocolProvider provider = ServerJarContract.provider(ID);
    Path jar = Path.of(System.getProperty("fatJar", "target/resp-server.jar"));
    List<String> args = new ArrayList<>(JVM_FLAGS);
    args.addAll(List.of("-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0"));
    args.addAll(provider.server().args());
    serverArgs = List.copyOf(args);
    log = dir.resolve("server.log");
    server = ServerJarContract.startReady(ID, args, log);
    port = server.awaitReadyPort();
    client =
        ServerJarContract.openOnColdServer(
            provider,
            new ClientOptions("127.0.0.1", port, Duration.ofSeconds(2), Duration.ofSeconds(2), 1));
  }

  private long redisPid() {
    return ProcessHandle.of(server.pid()).orElseThrow().children().findFirst().orElseThrow().pid();
  }

  private long maxmemoryClientsMib() {
    try (Jedis jedis = new Jedis("127.0.0.1", port)) {
      return Long.parseLong(jedis.configGet("maxmemory-clients").get("maxmemory-clients")) >> 20;
    }
  }

  private void attack(String name, int connections, byte[] bytes) throws Exception {
    start();
    long redis = redisPid();
    long budgetMib = maxmemoryClientsMib();
    long linesBefore = Files.readAllLines(log).size();
    AtomicInteger opened = new AtomicInteger();
    AtomicInteger closedByServer = new AtomicInteger();
    try (HonestCaller honest = HonestCaller.hellos(client)) {
      AttackRounds rounds =
          AttackRounds.run(
              honest,
              0,
              () -> {
                HostileClient attacker = new HostileClient("127.0.0.1", port);
                opened.set(attacker.open(connections, bytes));
                return () -> {
                  closedByServer.set(attacker.closedByServer()); // while the attack holds
                  attacker.close();
                };
              },
              FreshServer.control(ID, serverArgs, dir.resolve("fresh-server.log")));
      honest.close();
      int after = HonestCaller.servedHellos(client, 100);
      ProcessMemory jvm = server.memory();
      ProcessMemory child = ProcessMemory.of(redis);
      long lines = Files.readAllLines(log).size() - linesBefore;
      long childBound = REDIS_BASE_MIB + budgetMib;
      AttackLine.printf(
          "%s %s (%d connections opened, %d closed by redis-server; %s):"
              + " honest calls before / during (%d s) %s, %d/100 after; %d failed;"
              + " jar RSS peak %d MiB; redis-server RSS peak %d MiB (bound %d, maxmemory-clients"
              + " %d MiB); %d log lines",
          ID,
          name,
          opened.get(),
          closedByServer.get(),
          String.join(" ", JVM_FLAGS),
          AttackRounds.WINDOW_SECONDS,
          rounds.describe(),
          after,
          honest.failed(),
          jvm.peakMib(),
          child.peakMib(),
          childBound,
          budgetMib,
          lines);
      if (lines > 0) {
        System.out.println(String.join("\n", Files.readAllLines(log)));
      }
      assertThat(server.isAlive()).as("jar alive").isTrue();
      assertThat(ProcessHandle.of(redis).map(ProcessHandle::isAlive))
          .as("redis alive")
          .hasValue(true);
      assertThat(honest.failed()).as("honest calls failed: %s", honest.firstFailure()).isZero();
      rounds.assertHeld();
      assertThat(after).as("served after").isEqualTo(100);
      assertThat(lines).as("log lines").isLessThanOrEqualTo(MAX_LOG_LINES);
      assertThat(jvm.peakMib()).as("jar RSS peak").isLessThan(HEAP_MIB + JVM_OVERHEAD_MIB);
      assertThat(child.peakMib()).as("redis-server RSS peak").isLessThan(childBound);
    }
  }
}
