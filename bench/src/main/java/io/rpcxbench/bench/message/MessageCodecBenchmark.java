package io.rpcxbench.bench.message;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.rpcxbench.message.MessageShape;
import io.rpcxbench.protocols.thrift.ThriftRecords;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TMemoryBuffer;
import org.apache.thrift.transport.TMemoryInputTransport;
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
 * own library from the schema read at run time, side by side in one run: protobuf's binary form
 * ({@code DynamicMessage}: grpc, rpcx, tcp-protobuf), protobuf's JSON mapping ({@code JsonFormat}:
 * http-json) and Thrift's binary protocol written field by field ({@code ThriftRecords}: thrift).
 * Each state holds the record encoded once, so decode reads what encode writes.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar MessageCodecBenchmark -p codec=protobuf,json,thrift
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class MessageCodecBenchmark {
  /** The carrier's codec. */
  @Param({"protobuf", "json", "thrift"})
  public String codec;

  /** The schema and message name, relative to the checkout (RPCX_BENCH_HOME, else the cwd). */
  @Param({"examples/order.proto:Order"})
  public String message;

  /** The records (the first is measured). */
  @Param({"examples/order.json"})
  public String data;

  private Descriptor type;
  private Message record;
  private byte[] encoded;
  private String json;
  private JsonFormat.Printer printer;
  private JsonFormat.Parser parser;

  @Setup(Level.Trial)
  public void load() throws Exception {
    Path home = Path.of(System.getenv().getOrDefault("RPCX_BENCH_HOME", "."));
    int colon = message.lastIndexOf(':');
    String spec = home.resolve(message.substring(0, colon)) + message.substring(colon);
    MessageShape shape = MessageShape.load(spec, home.resolve(data));
    type = shape.type();
    record = shape.record(0);
    printer = JsonFormat.printer().omittingInsignificantWhitespace();
    parser = JsonFormat.parser();
    json = printer.print(record);
    encoded =
        switch (codec) {
          case "protobuf" -> record.toByteArray();
          case "json" -> json.getBytes(StandardCharsets.UTF_8);
          case "thrift" -> thrift(record);
          default -> throw new IllegalArgumentException("codec: protobuf, json or thrift");
        };
  }

  private static byte[] thrift(Message record) throws Exception {
    TMemoryBuffer buffer = new TMemoryBuffer(1024);
    ThriftRecords.write(new TBinaryProtocol(buffer), record);
    byte[] out = new byte[buffer.length()];
    System.arraycopy(buffer.getArray(), 0, out, 0, out.length);
    return out;
  }

  /** The record into the carrier's bytes (JSON: its text, which the client then sends as UTF-8). */
  @Benchmark
  public Object encode() throws Exception {
    return switch (codec) {
      case "protobuf" -> record.toByteArray();
      case "json" -> printer.print(record).getBytes(StandardCharsets.UTF_8);
      default -> thrift(record);
    };
  }

  /** The carrier's bytes into a record of the schema's type. */
  @Benchmark
  public Object decode() throws Exception {
    return switch (codec) {
      case "protobuf" -> DynamicMessage.parseFrom(type, encoded);
      case "json" -> {
        DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
        parser.merge(new String(encoded, StandardCharsets.UTF_8), b);
        yield b.build();
      }
      default -> ThriftRecords.read(new TBinaryProtocol(new TMemoryInputTransport(encoded)), type);
    };
  }
}
