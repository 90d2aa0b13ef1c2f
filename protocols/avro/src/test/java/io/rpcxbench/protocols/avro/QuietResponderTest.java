package io.rpcxbench.protocols.avro;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchLogic;
import java.lang.reflect.Field;
import java.util.Map;
import org.apache.avro.Protocol;
import org.apache.avro.ipc.MD5;
import org.apache.avro.ipc.Responder;
import org.junit.jupiter.api.Test;

/** Issue 30: the client protocols a handshake sends are kept up to a bound, not for good. */
class QuietResponderTest {
  private static MD5 hash(int i) {
    byte[] bytes = new byte[16];
    bytes[0] = (byte) i;
    bytes[1] = (byte) (i >> 8);
    bytes[15] = 1;
    return new MD5(bytes);
  }

  @SuppressWarnings("unchecked")
  private static Map<MD5, Protocol> protocols(Responder responder) throws Exception {
    Field field = Responder.class.getDeclaredField("protocols");
    field.setAccessible(true);
    return (Map<MD5, Protocol>) field.get(responder);
  }

  @Test
  void manyClientProtocolsKeepOnlyTheLatestFewAndTheServersOwn() throws Exception {
    QuietResponder responder = new QuietResponder(new BenchService(new BenchLogic()));
    Map<MD5, Protocol> protocols = protocols(responder);
    MD5 local = new MD5(responder.getLocal().getMD5());
    assertThat(protocols).containsKey(local);
    for (int i = 0; i < 300; i++) {
      protocols.put(hash(i), new Protocol("P" + i, "a doc", "ns"));
    }
    assertThat(protocols).hasSize(QuietResponder.MAX_CLIENT_PROTOCOLS + 1);
    assertThat(protocols).containsKey(local).containsKey(hash(299)).doesNotContainKey(hash(0));
  }
}
