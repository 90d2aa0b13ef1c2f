package io.rpcxbench.protocols.thrift;

import io.rpcxbench.testsupport.ServerJarContract;

/** The fat jar as host B runs it: ready line, a call through the plug-in, SIGTERM to exit 0. */
class ThriftServerJarIT extends ServerJarContract {
  ThriftServerJarIT() {
    super("thrift");
  }
}
