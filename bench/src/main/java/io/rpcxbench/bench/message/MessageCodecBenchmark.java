package io.rpcxbench.bench.message;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.message.MessageShape;
import io.rpcxbench.spi.ProtocolProvider;
import java.nio.file.Path;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The codec cost of a user's message apart from the network (issue 29, docs/messages.md): one
 * record of a shape (default the order example, 10 products) encoded and decoded by each carrier's
 * own codec ({@link MessageCarrier#codec()}, the one its provenance's byte counts come from), from
 * the schema read at run time, side by side in one run. The default carriers are one per distinct
 * codec: {@code rpcx} (protobuf binary, as grpc, tcp-protobuf, grpc-stream, resp and amqp carry
 * it), {@code http-json} (protobuf's JSON mapping, as openfeign), {@code typed-json} (the same
 * through a Jackson tree), {@code thrift}, {@code avro} (as avro-socket), {@code bert} and {@code
 * http-javaser} (protobuf bytes in a Java-serialized record). Each state holds the record encoded
 * once, so decode reads what encode writes.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar MessageCodecBenchmark -p carrier=thrift,avro
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class MessageCodecBenchmark {
  /** The carrier whose codec is timed: a catalog protocol id. */
  @Param({"rpcx", "http-json", "typed-json", "thrift", "avro", "bert", "http-javaser"})
  public String carrier;

  /** The schema and message name, relative to the checkout (RPCX_BENCH_HOME, else the cwd). */
  @Param({"examples/order.proto:Order"})
  public String message;

  /** The records (the first is measured). */
  @Param({"examples/order.json"})
  public String data;

  private MessageCodec codec;
  private Descriptor type;
  private Message record;
  private byte[] encoded;

  @Setup(Level.Trial)
  public void load() {
    Path home = Path.of(System.getenv().getOrDefault("RPCX_BENCH_HOME", "."));
    int colon = message.lastIndexOf(':');
    String spec = home.resolve(message.substring(0, colon)) + message.substring(colon);
    MessageShape shape = MessageShape.load(spec, home.resolve(data));
    codec = codecOf(carrier);
    type = shape.type();
    record = shape.record(0);
    encoded = codec.encode(record);
  }

  /** The codec of the catalog protocol {@code id}. */
  static MessageCodec codecOf(String id) {
    for (ProtocolProvider p : ServiceLoader.load(ProtocolProvider.class)) {
      if (p.id().equals(id)) {
        if (p instanceof MessageCarrier c && p.messages().carried()) {
          return c.codec();
        }
        throw new IllegalArgumentException(id + " carries no message: " + p.messages().reason());
      }
    }
    throw new IllegalArgumentException("carrier: no protocol '" + id + "' in this jar");
  }

  /** The record into the carrier's body. */
  @Benchmark
  public byte[] encode() {
    return codec.encode(record);
  }

  /** The carrier's body into a record of the schema's type. */
  @Benchmark
  public Message decode() {
    return codec.decode(type, encoded);
  }
}
