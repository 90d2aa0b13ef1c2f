package io.rpcxbench.protocols.thrift;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.protocols.thrift.wire.Bench;
import io.rpcxbench.protocols.thrift.wire.InvalidArgument;
import io.rpcxbench.protocols.thrift.wire.Item;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.thrift.TBaseHelper;

/**
 * The service behind the generated processor: decodes nothing itself (Thrift did), calls {@link
 * BenchLogic}, and turns its {@link InvalidArgumentException} into the IDL's {@link
 * InvalidArgument}, which travels as a declared reply and leaves the connection usable.
 */
final class BenchHandler implements Bench.Iface {
  private final BenchService bench;

  BenchHandler(BenchService bench) {
    this.bench = bench;
  }

  @Override
  public String hello(String name) throws InvalidArgument {
    try {
      return bench.hello(name);
    } catch (InvalidArgumentException e) {
      throw invalid(e);
    }
  }

  @Override
  public ByteBuffer echo(ByteBuffer payload) throws InvalidArgument {
    try {
      // One copy into byte[], as every server decodes its payload: the buffer Thrift hands over
      // wraps its frame, which it reuses for the next request.
      return ByteBuffer.wrap(bench.echo(bytes(payload)));
    } catch (InvalidArgumentException e) {
      throw invalid(e);
    }
  }

  @Override
  public boolean put(String key, ByteBuffer value) throws InvalidArgument {
    try {
      return bench.put(key, bytes(value));
    } catch (InvalidArgumentException e) {
      throw invalid(e);
    }
  }

  @Override
  public List<Item> items(int n) throws InvalidArgument {
    try {
      return ItemStructs.toWire(bench.items(n));
    } catch (InvalidArgumentException e) {
      throw invalid(e);
    }
  }

  private static byte[] bytes(ByteBuffer buffer) {
    return buffer == null ? null : TBaseHelper.byteBufferToByteArray(buffer);
  }

  private static InvalidArgument invalid(InvalidArgumentException e) {
    return new InvalidArgument(e.getMessage());
  }
}
