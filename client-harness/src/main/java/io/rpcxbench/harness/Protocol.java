package io.rpcxbench.harness;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.harness.spi.ProtocolProvider;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A protocol the harness can drive: the three under test, with the paper's type numbers (Fig.
 * 7a) and options of their own, or a plugin found on the class path ({@link ProtocolPlugins}).
 * Equal when the ids are equal.
 */
final class Protocol {
  static final Protocol RPCX = new Protocol("rpcx", BenchContract.TYPE_RPCX, null);
  static final Protocol GRPC = new Protocol("grpc", BenchContract.TYPE_GRPC, null);
  static final Protocol OPENFEIGN = new Protocol("openfeign", BenchContract.TYPE_OPENFEIGN, null);
  static final List<Protocol> BUILT_IN = List.of(RPCX, GRPC, OPENFEIGN);

  private final String id;
  private final int type;
  private final ProtocolProvider plugin;

  private Protocol(String id, int type, ProtocolProvider plugin) {
    this.id = id;
    this.type = type;
    this.plugin = plugin;
  }

  static Protocol of(ProtocolProvider plugin) {
    return new Protocol(plugin.id(), plugin.type(), plugin);
  }

  /** Lower-case name used on the command line and as the result folder. */
  String id() {
    return id;
  }

  /** The paper's type number (1 RPCX, 2 gRPC, 3 OpenFeign), or the plugin's. */
  int type() {
    return type;
  }

  /** The plugin's provider; empty for the three built-in protocols. */
  Optional<ProtocolProvider> plugin() {
    return Optional.ofNullable(plugin);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Protocol p && p.id.equals(id);
  }

  @Override
  public int hashCode() {
    return id.hashCode();
  }

  @Override
  public String toString() {
    return id;
  }

  static boolean isBuiltIn(String id) {
    return BUILT_IN.stream().anyMatch(p -> p.id.equals(id));
  }

  static Protocol parse(String text) {
    String wanted = text.trim().toLowerCase(Locale.ROOT);
    for (Protocol p : BUILT_IN) {
      if (p.id.equals(wanted)) {
        return p;
      }
    }
    ProtocolPlugins plugins = ProtocolPlugins.onClassPath();
    ProtocolProvider plugin = plugins.find(wanted);
    if (plugin != null) {
      return of(plugin);
    }
    String message = "unknown protocol '" + text + "' (expected rpcx, grpc or openfeign)";
    if (!plugins.ids().isEmpty()) {
      message += "; plugins on the class path: " + String.join(", ", plugins.ids());
    }
    throw new IllegalArgumentException(message);
  }

  static String ids(List<Protocol> protocols) {
    return protocols.stream().map(Protocol::id).collect(Collectors.joining(","));
  }

  /** picocli converter with the message above. */
  static final class Converter implements ITypeConverter<Protocol> {
    @Override
    public Protocol convert(String value) {
      try {
        return parse(value);
      } catch (IllegalArgumentException | IllegalStateException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
