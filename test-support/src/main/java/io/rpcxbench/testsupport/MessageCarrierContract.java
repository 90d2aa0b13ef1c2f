package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageShape;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.service.MessageShapedService;
import io.rpcxbench.spi.ClientOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What every protocol that carries a user's own message ({@link MessageCarrier}, docs/messages.md)
 * must do against its real server on loopback, port 0: a shape with nested messages, repeated
 * fields, maps, enums, optional fields, a oneof, bytes and an import round-trips in every reply
 * mode with a field-by-field check, from several threads at once; a message larger than the
 * server's frame limit is refused with the server's own error, never a hang. One subclass per
 * protocol.
 *
 * <pre>{@code
 * class GrpcMessageTest extends MessageCarrierContract {
 *   protected MessageCarrier provider() { return new GrpcProtocol(); }
 *   protected RunningServer startServer(ServerLimits limits, BenchService service) {
 *     return GrpcBenchServer.start("127.0.0.1", 0, false, limits, service);
 *   }
 *   protected String tooLargeError() { return "RESOURCE_EXHAUSTED"; }
 * }
 * }</pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class MessageCarrierContract {
  /** The frame limit of the server that must refuse the large message. */
  protected static final int SMALL_FRAME_LIMIT = 64 * 1024;

  private static final Duration NO_HANG = Duration.ofSeconds(30);
  private static final String GENERATOR =
      "{\"generate\": {\"count\": 24, \"seed\": 29, \"presence\": 0.7, \"list_size\":"
          + " \"uniform(0,4)\", \"map_size\": \"uniform(0,3)\", \"bytes_length\":"
          + " \"uniform(0,300)\", \"string_length\": \"uniform(0,40)\"}}";

  private MessageShape shape;
  private RunningServer server;
  private MessageClient client;

  /** The protocol under test. */
  protected abstract MessageCarrier provider();

  /**
   * Starts the protocol's real server on 127.0.0.1, port 0, with these limits, serving this service
   * (it names the message shape: {@link BenchService#messageShape()}).
   */
  protected abstract RunningServer startServer(ServerLimits limits, BenchService service)
      throws Exception;

  /**
   * A pattern the failure of a message over the server's frame limit matches (its message or a
   * cause's): the server's own documented error, e.g. gRPC's {@code RESOURCE_EXHAUSTED}.
   */
  protected abstract String tooLargeError();

  /**
   * Bytes of a message the server must refuse: past {@link #SMALL_FRAME_LIMIT}, the limit its test
   * server gets; a server whose limit is its protocol's own bound returns a size past that.
   */
  protected int tooLargeBytes() {
    return 4 * SMALL_FRAME_LIMIT;
  }

  @BeforeAll
  void startServerAndClient(@TempDir Path dir) throws Exception {
    String spec = copySchema(dir) + ":test.shapes.Everything";
    Path data = Files.writeString(dir.resolve("everything.json"), GENERATOR);
    shape = MessageShape.load(spec, data);
    server = startServer(ServerLimits.defaults(), new MessageShapedService(spec, new BenchLogic()));
    client = provider().openMessages(options(server.port()), shape.type());
  }

  @AfterAll
  void stop() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void declaresThatItCarriesMessages() {
    assertThat(provider().messages().carried()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(MessageReply.class)
  void everyRecordComesBackFieldByField(MessageReply reply) {
    for (DynamicMessage record : shape.records()) {
      Message got = client.call(record, reply);
      assertThat(reply.check(record, got)).as(reply.id() + " of " + record).isEmpty();
    }
  }

  /**
   * The codec (the provenance's byte counts, the codec benchmark's subject) writes every record and
   * every reply a mode answers with, and reads them back field by field; bytes not of the type are
   * an IllegalArgumentException.
   */
  @ParameterizedTest
  @EnumSource(MessageReply.class)
  void theCodecReadsBackWhatItWrites(MessageReply reply) {
    MessageCodec codec = provider().codec();
    assertThat(codec.describe()).isNotBlank();
    for (DynamicMessage record : shape.records()) {
      Message answer = reply.answer(record);
      byte[] body = codec.encode(answer);
      assertThat(body).isNotEmpty();
      Message back = codec.decode(reply.replyType(shape.type()), body);
      assertThat(reply.check(record, back)).as(reply.id() + " of " + record).isEmpty();
    }
    assertThatThrownBy(() -> codec.decode(shape.type(), new byte[] {(byte) 0xff, (byte) 0xff, 7}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theShapeHasEveryKindOfField() {
    // the generator filled what the contract claims to carry
    Descriptor type = shape.type();
    assertThat(shape.records())
        .anySatisfy(
            r -> assertThat(r.getRepeatedFieldCount(type.findFieldByName("by_name"))).isPositive())
        .anySatisfy(
            r -> assertThat(r.getRepeatedFieldCount(type.findFieldByName("inners"))).isPositive())
        .anySatisfy(r -> assertThat(r.hasField(type.findFieldByName("maybe"))).isTrue())
        .anySatisfy(r -> assertThat(r.hasField(type.findFieldByName("maybe"))).isFalse())
        .anySatisfy(
            r ->
                assertThat(((ByteString) r.getField(type.findFieldByName("raw"))).size())
                    .isPositive());
  }

  @Test
  void threadsShareTheClient() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> calls = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        calls.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 25; i++) {
                    DynamicMessage record = shape.record(thread * 25L + i);
                    assertThat(
                            MessageReply.ECHO.check(record, client.call(record, MessageReply.ECHO)))
                        .isEmpty();
                  }
                  return null;
                }));
      }
      for (Future<?> call : calls) {
        call.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * A carrier with an asynchronous call of its own: 64 records out at once, every reply right; the
   * others fail their async call at once instead of pretending.
   */
  @Test
  void asyncCallsAreTheProtocolsOwnOrNone() throws Exception {
    if (!client.isAsync()) {
      assertThat(client.callAsync(shape.record(0), MessageReply.ECHO))
          .failsWithin(Duration.ofSeconds(1));
      return;
    }
    for (MessageReply reply : MessageReply.values()) {
      List<DynamicMessage> sent = new ArrayList<>();
      List<java.util.concurrent.CompletableFuture<Message>> answers = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        DynamicMessage record = shape.record(i);
        sent.add(record);
        answers.add(client.callAsync(record, reply));
      }
      for (int i = 0; i < answers.size(); i++) {
        Message got =
            answers.get(i).get(NO_HANG.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        assertThat(reply.check(sent.get(i), got)).as(reply.id() + " #" + i).isEmpty();
      }
    }
  }

  @Test
  void aMessageOverTheFrameLimitIsRefusedByTheServer() throws Exception {
    try (RunningServer small =
            startServer(
                ServerLimits.defaults().withMaxFrameBytes(SMALL_FRAME_LIMIT),
                new MessageShapedService(shape.spec(), new BenchLogic()));
        MessageClient toSmall = provider().openMessages(options(small.port()), shape.type())) {
      FieldDescriptor raw = shape.type().findFieldByName("raw");
      DynamicMessage large =
          shape.record(0).toBuilder()
              .setField(raw, ByteString.copyFrom(new byte[tooLargeBytes()]))
              .build();
      assertTimeoutPreemptively(
          NO_HANG,
          () ->
              assertThatThrownBy(() -> toSmall.call(large, MessageReply.ACK))
                  .satisfies(e -> assertThat(messages(e)).containsPattern(tooLargeError())));
    }
  }

  /** The messages of a failure and its causes, one line each. */
  private static String messages(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      out.append(c).append('\n');
    }
    return out.toString();
  }

  /** The message shape the contract's server serves (everything.proto's Everything). */
  protected final MessageShape shape() {
    return shape;
  }

  /** The client the contract opened on its server. */
  protected final MessageClient client() {
    return client;
  }

  /** The client options of the tests: loopback, 5 s per call. */
  protected ClientOptions options(int port) {
    return new ClientOptions("127.0.0.1", port, Duration.ofSeconds(5), Duration.ofSeconds(2), 8);
  }

  /** everything.proto and the file it imports, copied where the schema loader reads files. */
  private static Path copySchema(Path dir) {
    for (String name : List.of("everything.proto", "common.proto")) {
      try (InputStream in = MessageCarrierContract.class.getResourceAsStream("messages/" + name)) {
        Files.copy(in, dir.resolve(name));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return dir.resolve("everything.proto");
  }
}
