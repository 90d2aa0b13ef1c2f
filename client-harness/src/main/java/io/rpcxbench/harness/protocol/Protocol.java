package io.rpcxbench.harness.protocol;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.MessageSupport;
import io.rpcxbench.spi.ProtocolProvider;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A protocol of the catalog, as the harness drives it: its plug-in and nothing else. The harness
 * names no protocol itself. Equal when the ids are equal.
 */
public final class Protocol {
  private final ProtocolProvider provider;

  public Protocol(ProtocolProvider provider) {
    this.provider = provider;
  }

  /** Lower-case name used on the command line and as the result folder. */
  public String id() {
    return provider.id();
  }

  /** Human name for tables, e.g. "gRPC, direct executor". */
  public String label() {
    return provider.label();
  }

  /** The raw files' type number (1-3: the paper's). */
  public int type() {
    return provider.type();
  }

  public int defaultPort() {
    return provider.defaultPort();
  }

  /** Whether its client takes several servers ({@code --host a,b}). */
  public boolean balancesServers() {
    return provider.balancesServers();
  }

  /** The message compressions its stack offers here, e.g. gzip (docs/tls.md). */
  public List<String> compressions() {
    return provider.compressions();
  }

  /** Whether its client and server speak TLS here (docs/tls.md). */
  public boolean supportsTls() {
    return provider.supportsTls();
  }

  /** Whether it carries a user's own message, and if not why (docs/messages.md). */
  public MessageSupport messages() {
    return provider.messages();
  }

  /**
   * The plug-in's client for messages of this type.
   *
   * @throws IllegalStateException when the protocol carries none ({@link #messages()})
   */
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    if (!(provider instanceof MessageCarrier carrier)) {
      throw new IllegalStateException(id() + " carries no message: " + messages().reason());
    }
    return carrier.openMessages(options, type);
  }

  /**
   * How the plug-in writes a message as its body.
   *
   * @throws IllegalStateException when the protocol carries none ({@link #messages()})
   */
  public MessageCodec codec() {
    if (!(provider instanceof MessageCarrier carrier)) {
      throw new IllegalStateException(id() + " carries no message: " + messages().reason());
    }
    return carrier.codec();
  }

  /** The libraries under test with their versions, as the plug-in reports them; "" if none. */
  public String stack() {
    String stack = provider.stack();
    return stack == null ? "" : stack;
  }

  /** The plug-in's client; never null. */
  public BenchClient open(ClientOptions options) {
    BenchClient client = provider.open(options);
    if (client == null) {
      throw new IllegalStateException(
          "protocol plugin " + provider.getClass().getName() + " returned no client");
    }
    return client;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Protocol p && p.id().equals(id());
  }

  @Override
  public int hashCode() {
    return id().hashCode();
  }

  @Override
  public String toString() {
    return id();
  }

  /** The catalog's protocol with this id. */
  public static Protocol parse(String text) {
    String wanted = text.trim().toLowerCase(Locale.ROOT);
    ProtocolCatalog catalog = ProtocolCatalog.onClassPath();
    return catalog
        .find(wanted)
        .map(Protocol::new)
        .orElseThrow(() -> new IllegalArgumentException(catalog.unknown(text)));
  }

  public static String ids(List<Protocol> protocols) {
    return protocols.stream().map(Protocol::id).collect(Collectors.joining(","));
  }

  /** picocli converter with the message above. */
  public static final class Converter implements ITypeConverter<Protocol> {
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
