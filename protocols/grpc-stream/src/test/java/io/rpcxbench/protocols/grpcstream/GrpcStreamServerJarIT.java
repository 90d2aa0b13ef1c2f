package io.rpcxbench.protocols.grpcstream;

import io.rpcxbench.testsupport.ServerJarContract;

/** The fat jar as host B runs it: ready line, a call through the plug-in, SIGTERM to exit 0. */
class GrpcStreamServerJarIT extends ServerJarContract {
  GrpcStreamServerJarIT() {
    super("grpc-stream");
  }
}
