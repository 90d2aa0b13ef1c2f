package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.protocols.avro.wire.BenchProtocol;
import io.rpcxbench.protocols.avro.wire.InvalidArgument;
import io.rpcxbench.protocols.avro.wire.Item;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Supplier;

/**
 * The Avro IPC service: decodes nothing itself (the {@code SpecificResponder} does), calls the
 * server kit's {@link io.rpcxbench.api.BenchService}, and answers its {@link
 * InvalidArgumentException} with the protocol's declared {@code InvalidArgument} error.
 */
final class BenchService implements BenchProtocol {
  private final io.rpcxbench.api.BenchService bench; // this class's name is Avro IPC's service
  private final AvroMessages messages;

  BenchService(io.rpcxbench.api.BenchService bench) {
    this.bench = bench;
    this.messages = AvroMessages.of(bench);
  }

  @Override
  public String hello(String name) throws InvalidArgument {
    return checked(() -> bench.hello(name));
  }

  @Override
  public ByteBuffer echo(ByteBuffer payload) throws InvalidArgument {
    // One copy into byte[], as every server decodes its payload; wrapped back without one.
    return checked(() -> ItemRecords.wrap(bench.echo(ItemRecords.bytes(payload))));
  }

  @Override
  public boolean put(String key, ByteBuffer value) throws InvalidArgument {
    return checked(() -> bench.put(key, ItemRecords.bytes(value)));
  }

  @Override
  public List<Item> items(int n) throws InvalidArgument {
    return checked(() -> ItemRecords.toWire(bench.items(n)));
  }

  @Override
  public ByteBuffer message(String reply, ByteBuffer record) throws InvalidArgument {
    return checked(() -> messages.answer(reply, record));
  }

  private static <T> T checked(Supplier<T> call) throws InvalidArgument {
    try {
      return call.get();
    } catch (InvalidArgumentException e) {
      throw InvalidArgument.newBuilder().setMessage$(e.getMessage()).build();
    }
  }
}
