package io.rpcxbench.period.client;

/**
 * One client of the benchmark service, created once per process and shared by every thread of every
 * run: the protocol's library as its users call it, {@code hello} only.
 */
interface HelloCaller extends AutoCloseable {

  /** A blocking {@code hello(name)}: the reply's message (null or empty: a wrong reply). */
  String hello(String name);

  /** The client as set up, for the raw file's provenance. */
  String describe();

  @Override
  void close();

  /** The client of {@code args.protocol} to {@code args.host:args.port}. */
  static HelloCaller open(ClientArgs args) {
    return args.protocol.equals("grpc")
        ? new GrpcHelloCaller(args.host, args.port)
        : new FeignHelloCaller(args.host, args.port);
  }
}
