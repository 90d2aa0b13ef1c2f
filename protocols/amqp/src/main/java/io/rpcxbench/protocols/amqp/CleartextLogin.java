package io.rpcxbench.protocols.amqp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Issue 48's rule for a broker of this server's own: AMQP offers RabbitMQ and Qpid only PLAIN and
 * AMQPLAIN logins, both of which send the password as it is, so without TLS the broker takes logins
 * on loopback only, or on a network {@value #OPTION} names (the catalog's launch names the lab's,
 * {@value #LAB_NETWORK}: two network namespaces on one machine). RabbitMQ 3.10 has no login that
 * sends no password without TLS: EXTERNAL needs a client certificate, ANONYMOUS is 4.x.
 *
 * <pre>{@code
 * CleartextLogin rule = new CleartextLogin(List.of(CleartextLogin.Network.parse("198.18.0.0/15")));
 * rule.refusal("198.18.0.2", false);   // empty: allowed, and rule.note(...) says so
 * rule.refusal("0.0.0.0", false);      // the refusal's one line
 * }</pre>
 */
final class CleartextLogin {
  static final String OPTION = "--allow-cleartext-login";
  static final String LAB_NETWORK = "198.18.0.0/15";

  private final List<Network> allowed;

  CleartextLogin(List<Network> allowed) {
    this.allowed = List.copyOf(allowed);
  }

  /**
   * Why a broker without TLS ({@code tls} false) may not take logins on {@code bind}, in one line;
   * empty where it may: TLS, a loopback address, or one within an allowed network.
   */
  Optional<String> refusal(String bind, boolean tls) {
    if (tls || loopback(bind) || allowedOn(bind)) {
      return Optional.empty();
    }
    return Optional.of(
        "refusing PLAIN logins without TLS on "
            + bind
            + ": the broker's password would cross the network in clear (AMQP offers only PLAIN"
            + " and AMQPLAIN); serve TLS (--tls-cert, --tls-key), bind 127.0.0.1, or allow it"
            + " knowingly with "
            + OPTION
            + " NETWORK (e.g. "
            + LAB_NETWORK
            + ", or any)");
  }

  /** What the server's settings (and so each result's provenance) say; empty where not in use. */
  String note(String bind, boolean tls) {
    if (tls || loopback(bind)) {
      return "";
    }
    return "; logins in clear on " + bind + " (" + OPTION + " " + allowedText() + ")";
  }

  private String allowedText() {
    return String.join(" ", allowed.stream().map(Network::toString).toList());
  }

  private boolean allowedOn(String bind) {
    try {
      InetAddress address = InetAddress.getByName(bind);
      return allowed.stream().anyMatch(n -> n.contains(address));
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private static boolean loopback(String bind) {
    try {
      return InetAddress.getByName(bind).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /**
   * A network in CIDR notation ({@code 198.18.0.0/15}, {@code fd00::/8}, a bare address is a /32 or
   * /128), or {@code any}: every address. A wildcard bind (0.0.0.0, ::) listens on every network,
   * so only {@code any} contains it.
   */
  record Network(byte[] prefix, int bits, String text) {
    static Network parse(String text) {
      if (text.equals("any")) {
        return new Network(null, 0, text);
      }
      int slash = text.indexOf('/');
      String host = slash < 0 ? text : text.substring(0, slash);
      if (!host.matches("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
        throw new IllegalArgumentException("not an address: '" + host + "'");
      }
      byte[] bytes;
      try {
        bytes = InetAddress.getByName(host).getAddress();
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException("not an address: '" + host + "'", e);
      }
      int bits = bytes.length * 8;
      if (slash >= 0) {
        try {
          bits = Integer.parseInt(text.substring(slash + 1));
        } catch (NumberFormatException e) {
          bits = -1;
        }
        if (bits < 0 || bits > bytes.length * 8) {
          throw new IllegalArgumentException(
              "the prefix length must be 0.." + bytes.length * 8 + ": '" + text + "'");
        }
      }
      return new Network(bytes, bits, text);
    }

    boolean contains(InetAddress address) {
      if (prefix == null) {
        return true;
      }
      byte[] a = address.getAddress();
      if (address.isAnyLocalAddress() || a.length != prefix.length) {
        return false;
      }
      for (int i = 0; i < bits; i++) {
        int mask = 0x80 >>> (i % 8);
        if ((a[i / 8] & mask) != (prefix[i / 8] & mask)) {
          return false;
        }
      }
      return true;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  /** picocli's converter: a bad network is bad usage (exit 2). */
  static final class Converter implements ITypeConverter<Network> {
    @Override
    public Network convert(String value) {
      try {
        return Network.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(
            OPTION + " takes a network (198.18.0.0/15, an address) or any: " + e.getMessage());
      }
    }
  }
}
