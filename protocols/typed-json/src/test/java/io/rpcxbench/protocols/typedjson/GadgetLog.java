package io.rpcxbench.protocols.typedjson;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** What the gadget classes did: which were initialized, which constructed. */
final class GadgetLog {
  static final Set<String> INITIALIZED = ConcurrentHashMap.newKeySet();
  static final Set<String> CONSTRUCTED = ConcurrentHashMap.newKeySet();

  private GadgetLog() {}
}
