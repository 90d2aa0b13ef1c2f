package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.testsupport.ServerJarContract;

/** The fat jar as host B runs it: ready line, a call through the plug-in, SIGTERM to exit 0. */
class TypedJsonServerJarIT extends ServerJarContract {
  TypedJsonServerJarIT() {
    super("typed-json");
  }
}
