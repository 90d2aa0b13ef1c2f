package io.rpcxbench.serverkit.service;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.Item;
import java.util.List;

/** A service that does its {@link Work} before each call of the service it wraps. */
public final class WorkingService implements BenchService, AutoCloseable {
  private final Work work;
  private final BenchService service;

  public WorkingService(Work work, BenchService service) {
    this.work = work;
    this.service = service;
  }

  @Override
  public String hello(String name) {
    work.perform();
    return service.hello(name);
  }

  @Override
  public byte[] echo(byte[] payload) {
    work.perform();
    return service.echo(payload);
  }

  @Override
  public boolean put(String key, byte[] value) {
    work.perform();
    return service.put(key, value);
  }

  @Override
  public List<Item> items(int n) {
    work.perform();
    return service.items(n);
  }

  /** Always: a sleeping call waits, and a CPU-bound one holds its thread as long. */
  @Override
  public boolean blocks() {
    return true;
  }

  @Override
  public String describe() {
    return service.describe() + ", work " + work.describe() + " per call";
  }

  /** Closes the wrapped service if it holds anything (a gateway's clients). */
  @Override
  public void close() throws Exception {
    if (service instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
