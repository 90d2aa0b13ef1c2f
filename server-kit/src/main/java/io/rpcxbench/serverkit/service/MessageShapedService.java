package io.rpcxbench.serverkit.service;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.Item;
import java.util.List;
import java.util.Optional;

/**
 * A service that also names the message shape its server carries ({@code --message
 * FILE.proto:Name}); the four calls go to the service it wraps. The protocol's message carrier
 * reads {@link #messageShape()} and loads the schema itself (message-shape), so the kit stays free
 * of it.
 */
public final class MessageShapedService implements BenchService, AutoCloseable {
  private final String shape;
  private final BenchService service;

  public MessageShapedService(String shape, BenchService service) {
    this.shape = shape;
    this.service = service;
  }

  @Override
  public String hello(String name) {
    return service.hello(name);
  }

  @Override
  public byte[] echo(byte[] payload) {
    return service.echo(payload);
  }

  @Override
  public boolean put(String key, byte[] value) {
    return service.put(key, value);
  }

  @Override
  public List<Item> items(int n) {
    return service.items(n);
  }

  @Override
  public boolean blocks() {
    return service.blocks();
  }

  @Override
  public Optional<String> messageShape() {
    return Optional.of(shape);
  }

  @Override
  public String describe() {
    return service.describe() + ", message " + shape;
  }

  @Override
  public void close() throws Exception {
    if (service instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
