package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * The kit's limits and TLS as redis-server's settings: on its command line, and as the running
 * child reports them ({@code CONFIG GET}).
 */
class RedisConfigTest {
  private static final Path REDIS = Path.of("/usr/bin/redis-server");
  private static final Path DIR = Path.of("/d");

  private static final ServerLimits LIMITS =
      new ServerLimits(Duration.ofMillis(1500), Duration.ofSeconds(30), 123, 3 << 20, 5 << 20);

  private static List<String> args(ServerLimits limits, ServerTls tls) {
    return new RedisConfig(limits, tls, "64mb").arguments(REDIS, "127.0.0.1", 7000, DIR);
  }

  @Test
  void theKitsLimitsBecomeRedisSettings() {
    assertThat(args(LIMITS, null))
        .containsSequence("--maxclients", "123")
        .containsSequence("--timeout", "2") // 1.5 s, rounded up to whole seconds
        .containsSequence("--client-query-buffer-limit", String.valueOf(3 << 20))
        // the budget, and 32 KiB for each of the 123 connections allowed
        .containsSequence("--maxmemory-clients", String.valueOf((5 << 20) + 123 * 32 * 1024))
        .containsSequence("--maxmemory", "64mb")
        .containsSequence("--maxmemory-policy", "noeviction")
        .containsSequence("--proto-max-bulk-len", "1048576");
  }

  @Test
  void offLimitsAreRedisDefaultsAndAFrameBelowRedisMinimumIsItsMinimum() {
    List<String> args = args(ServerLimits.none().withMaxFrameBytes(4096), null);
    assertThat(args)
        .doesNotContain("--maxclients")
        .containsSequence("--timeout", "0")
        .containsSequence("--client-query-buffer-limit", "1048576")
        .containsSequence("--maxmemory-clients", "0");
  }

  @Test
  void theStartUpLineNamesRedisServersTlsNotTheJdks() {
    ServerTls tls = new ServerTls(Path.of("s.pem"), Path.of("k.pem"), null);
    assertThat(new RedisConfig(ServerLimits.defaults(), tls, "64mb").tlsStack())
        .contains("TLSv1.2,TLSv1.3 (redis-server's OpenSSL)");
    assertThat(new RedisConfig(ServerLimits.defaults(), null, "64mb").tlsStack()).isEmpty();
  }

  @Test
  void tlsIsTheTlsPortAndNoPlaintextPort() {
    ServerTls tls = new ServerTls(Path.of("s.pem"), Path.of("k.pem"), null);
    assertThat(args(ServerLimits.defaults(), tls))
        .containsSequence("--port", "0")
        .containsSequence("--tls-port", "7000")
        .containsSequence("--tls-cert-file", "s.pem")
        .containsSequence("--tls-key-file", "k.pem")
        .containsSequence("--tls-auth-clients", "no")
        .doesNotContain("--tls-ca-cert-file");
    ServerTls mutual = new ServerTls(Path.of("s.pem"), Path.of("k.pem"), Path.of("ca.pem"));
    assertThat(args(ServerLimits.defaults(), mutual))
        .containsSequence("--tls-ca-cert-file", "ca.pem")
        .containsSequence("--tls-auth-clients", "yes");
  }

  @Test
  void pastMaxmemoryASetIsRefusedAndNoKeyIsEvicted() throws Exception {
    RedisInstalled.assume();
    RedisConfig config = new RedisConfig(ServerLimits.defaults(), null, "4mb");
    try (RedisServerChild redis = RedisServerChild.start("127.0.0.1", 0, config, code -> {});
        Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
      byte[] value = new byte[BenchContract.DEFAULT_VALUE_BYTES];
      int stored = 0;
      JedisDataException refused = null;
      while (refused == null && stored < 100_000) {
        try {
          jedis.set(("k" + stored).getBytes(StandardCharsets.US_ASCII), value);
          stored++;
        } catch (JedisDataException e) {
          refused = e;
        }
      }
      assertThat(refused).isNotNull();
      assertThat(refused.getMessage()).startsWith("OOM command not allowed");
      assertThat(jedis.dbSize()).as("every key stored is still there").isEqualTo(stored);
    }
  }

  @Test
  void theRunningChildHasTheKitsLimits() throws Exception {
    RedisInstalled.assume();
    RedisConfig config = new RedisConfig(LIMITS, null, "64mb");
    try (RedisServerChild redis = RedisServerChild.start("127.0.0.1", 0, config, code -> {});
        Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
      Map<String, String> settings = new TreeMap<>();
      for (String name :
          List.of(
              "maxclients",
              "timeout",
              "proto-max-bulk-len",
              "client-query-buffer-limit",
              "maxmemory-clients",
              "maxmemory",
              "maxmemory-policy")) {
        settings.putAll(jedis.configGet(name));
      }
      System.out.println("redis-server CONFIG GET: " + settings);
      assertThat(settings)
          .containsEntry("maxclients", "123")
          .containsEntry("timeout", "2")
          .containsEntry("proto-max-bulk-len", "1048576")
          .containsEntry("client-query-buffer-limit", String.valueOf(3 << 20))
          .containsEntry("maxmemory-clients", String.valueOf((5 << 20) + 123 * 32 * 1024))
          .containsEntry("maxmemory", String.valueOf(64 << 20))
          .containsEntry("maxmemory-policy", "noeviction");
    }
  }
}
