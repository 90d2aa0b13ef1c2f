package io.rpcxbench.harness;

import io.rpcxbench.harness.spi.ProtocolProvider;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The {@link ProtocolProvider}s on the class path, found once with {@link ServiceLoader}. A
 * provider with a bad id, a built-in's id or another provider's id is an error naming both.
 */
final class ProtocolPlugins {
  private static final Pattern ID = Pattern.compile("[a-z][a-z0-9-]*");

  private static ProtocolPlugins loaded;

  private final Map<String, ProtocolProvider> byId;

  ProtocolPlugins(Iterable<ProtocolProvider> providers) {
    Map<String, ProtocolProvider> found = new TreeMap<>();
    for (ProtocolProvider p : providers) {
      String id = p.id();
      String where = p.getClass().getName();
      if (id == null || !ID.matcher(id).matches()) {
        throw new IllegalStateException(
            "protocol plugin " + where + " has id '" + id + "'; expected [a-z][a-z0-9-]*");
      }
      if (Protocol.isBuiltIn(id)) {
        throw new IllegalStateException(
            "protocol plugin " + where + " uses the built-in protocol's id '" + id + "'");
      }
      ProtocolProvider previous = found.putIfAbsent(id, p);
      if (previous != null) {
        throw new IllegalStateException(
            "protocol id '" + id + "' is provided twice: by " + previous.getClass().getName()
                + " and by " + where);
      }
    }
    this.byId = Map.copyOf(found);
  }

  /** The plugins of this JVM's class path, loaded on first use. */
  static synchronized ProtocolPlugins onClassPath() {
    if (loaded == null) {
      try {
        loaded =
            new ProtocolPlugins(
                ServiceLoader.load(ProtocolProvider.class, ProtocolPlugins.class.getClassLoader()));
      } catch (ServiceConfigurationError e) {
        throw new IllegalStateException("cannot load protocol plugins: " + e.getMessage(), e);
      }
    }
    return loaded;
  }

  /** The provider with this id, or null. */
  ProtocolProvider find(String id) {
    return byId.get(id);
  }

  /** Plugin ids, sorted. */
  List<String> ids() {
    return byId.keySet().stream().sorted().toList();
  }
}
