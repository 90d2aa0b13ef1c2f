package io.rpcxbench.protocols.capnp;

import io.rpcxbench.testsupport.ServerJarContract;

/** The fat jar as host B runs it: ready line, a call through the plug-in, SIGTERM to exit 0. */
class CapnpServerJarIT extends ServerJarContract {
  CapnpServerJarIT() {
    super("capnp");
  }
}
