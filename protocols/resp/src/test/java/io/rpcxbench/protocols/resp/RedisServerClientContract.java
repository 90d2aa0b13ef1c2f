package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.testsupport.BenchClientContract;
import io.rpcxbench.testsupport.ByteCountingProxy;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A stock client against a real redis-server, started as the server jar starts it: the contract
 * (echo is ECHO, put is SET, hello and items are Lua scripts), the scripts reloaded after the
 * server forgot them, and the bytes of one put. Skipped without redis-server.
 */
abstract class RedisServerClientContract extends BenchClientContract {
  @Override
  protected RunningServer startServer(int port) throws Exception {
    RedisInstalled.assume();
    return RedisServerChild.start("127.0.0.1", port, code -> {});
  }

  @Test
  void describeNamesTheRealRedisVersion() {
    assertThat(client().describe()).containsPattern("server: redis-server \\d+\\.\\d+\\.\\d+");
  }

  @Test
  void scriptErrorsCarryTheContractsMessages() {
    BenchClient c = client();
    assertThatThrownBy(() -> c.hello(null)).hasMessageContaining("hello: name is required");
    assertThatThrownBy(() -> c.items(-1)).hasMessageContaining("items: n must be between 0");
    assertThatThrownBy(() -> c.items(BenchContract.MAX_ITEMS + 1))
        .hasMessageContaining("items: n must be between 0");
    assertThat(c.items(BenchContract.MAX_ITEMS)).hasSize(BenchContract.MAX_ITEMS);
  }

  @Test
  void scriptsFlushedOnTheServerAreLoadedAgain() throws Exception {
    sendInline("SCRIPT FLUSH");
    assertThat(client().hello("after flush")).isEqualTo("hello, after flush");
    assertThat(client().items(3)).isEqualTo(BenchContract.items(3));
  }

  /** For the README: {@code wire bytes ID put(64 B key, 512 B value): request N, reply M}. */
  @Test
  void wireBytesOfOnePut() throws Exception {
    String key = BenchContract.putKey("wire-", 1, BenchContract.DEFAULT_KEY_BYTES);
    byte[] value = new byte[BenchContract.DEFAULT_VALUE_BYTES];
    try (ByteCountingProxy proxy = ByteCountingProxy.start(server().port());
        BenchClient c = provider().open(options(proxy.port()))) {
      assertThat(c.put(key, value)).isTrue();
      long up = proxy.requestBytes();
      long down = proxy.replyBytes();
      assertThat(c.put(key, value)).isTrue();
      long request = proxy.requestBytes() - up;
      long reply = proxy.replyBytes() - down;
      System.out.println(
          "wire bytes "
              + provider().id()
              + " put(64 B key, 512 B value): request "
              + request
              + ", reply "
              + reply);
      // *3 $3 SET $64 key $512 value: 4 + 9 + 71 + 520 bytes; +OK
      assertThat(request).isEqualTo(604);
      assertThat(reply).isEqualTo(5);
    }
  }

  private void sendInline(String command) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", server().port())) {
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      out.write((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      assertThat(in.read()).isEqualTo('+');
    }
  }
}
