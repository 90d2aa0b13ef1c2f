package io.rpcxbench.harness;

import io.rpcxbench.api.BenchContract;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The three protocols under test, with the paper's type numbers (Fig. 7a). */
enum Protocol {
  RPCX("rpcx", BenchContract.TYPE_RPCX),
  GRPC("grpc", BenchContract.TYPE_GRPC),
  OPENFEIGN("openfeign", BenchContract.TYPE_OPENFEIGN);

  private final String id;
  private final int type;

  Protocol(String id, int type) {
    this.id = id;
    this.type = type;
  }

  /** Lower-case name used on the command line and as the result folder. */
  String id() {
    return id;
  }

  /** The paper's type number: 1 RPCX, 2 gRPC, 3 OpenFeign. */
  int type() {
    return type;
  }

  @Override
  public String toString() {
    return id;
  }

  static Protocol parse(String text) {
    String wanted = text.trim().toLowerCase(Locale.ROOT);
    for (Protocol p : values()) {
      if (p.id.equals(wanted)) {
        return p;
      }
    }
    throw new IllegalArgumentException(
        "unknown protocol '" + text + "' (expected rpcx, grpc or openfeign)");
  }

  /** picocli converter with the message above. */
  static final class Converter implements ITypeConverter<Protocol> {
    @Override
    public Protocol convert(String value) {
      try {
        return parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
