package io.rpcxbench.protocols.avro;

import io.rpcxbench.protocols.avro.wire.BenchProtocol;
import io.rpcxbench.serverkit.RateLimitedLog;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Protocol;
import org.apache.avro.Schema;
import org.apache.avro.io.Decoder;
import org.apache.avro.ipc.MD5;
import org.apache.avro.ipc.Responder;
import org.apache.avro.ipc.specific.SpecificResponder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Avro's {@link SpecificResponder} with two of its habits bounded. Avro keeps every client protocol
 * a handshake sends, for good, keyed by the hash the client chose: here at most {@value
 * #MAX_CLIENT_PROTOCOLS} are kept (least recently used first out; the server's own is never
 * evicted), and a client whose protocol was dropped is asked for it again by the handshake, as a
 * new client is. And Avro logs a stack trace for every call that fails ({@code Responder}'s "user
 * error"/"system error", turned off in simplelogger.properties): requests that cannot be read are
 * logged here once per 10 s instead, a declared error (an invalid argument) not at all: it is an
 * answer.
 */
final class QuietResponder extends SpecificResponder {
  /** A benchmark has one client protocol; a few more leave room for other stock clients. */
  static final int MAX_CLIENT_PROTOCOLS = 8;

  private static final Logger log = LoggerFactory.getLogger(QuietResponder.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

  QuietResponder(Object impl) {
    super(BenchProtocol.class, impl);
    boundClientProtocols(this);
  }

  @Override
  public Object readRequest(Schema actual, Schema expected, Decoder in) throws IOException {
    try {
      return super.readRequest(actual, expected, in);
    } catch (IOException | RuntimeException e) {
      warnings.warn("bad-input", "avro: a request that cannot be read: {}", e.toString());
      throw e;
    }
  }

  /** Replaces the responder's unbounded protocol map (a private field) with a bounded one. */
  @SuppressWarnings("unchecked")
  private static void boundClientProtocols(Responder responder) {
    try {
      Field field = Responder.class.getDeclaredField("protocols");
      field.setAccessible(true);
      Map<MD5, Protocol> current = (Map<MD5, Protocol>) field.get(responder);
      MD5 local = new MD5(responder.getLocal().getMD5());
      Map<MD5, Protocol> bounded = Collections.synchronizedMap(new ClientProtocols(local));
      bounded.putAll(current);
      field.set(responder, bounded);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException(
          "avro-ipc's Responder has no field 'protocols' to bound: check its version", e);
    }
  }

  /** Least recently used out past the bound; the server's own protocol stays. */
  static final class ClientProtocols extends LinkedHashMap<MD5, Protocol> {
    private static final long serialVersionUID = 1L;
    private final transient MD5 local;

    ClientProtocols(MD5 local) {
      super(16, 0.75f, true);
      this.local = local;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<MD5, Protocol> eldest) {
      if (size() <= MAX_CLIENT_PROTOCOLS + 1) {
        return false;
      }
      if (eldest.getKey().equals(local)) {
        get(local); // touched: the next eldest goes instead
        remove(keySet().iterator().next());
        return false;
      }
      return true;
    }
  }
}
