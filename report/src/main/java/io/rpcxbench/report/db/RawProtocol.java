package io.rpcxbench.report.db;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A protocol as the raw files name it: an id ({@code rpcx}, {@code grpc-tuned}, {@code zz-proto}),
 * its type number and a label for tables. Open: any id found in the files is a protocol. The
 * paper's three have fixed type numbers (Fig. 7a: 1 RPCX, 2 gRPC, 3 OpenFeign) and labels; any
 * other protocol is labelled by its id. Equal when the ids are; sorted by type, then id.
 */
public final class RawProtocol implements Comparable<RawProtocol> {
  public static final RawProtocol RPCX = new RawProtocol("rpcx", 1, "RPCX");
  public static final RawProtocol GRPC = new RawProtocol("grpc", 2, "gRPC");
  public static final RawProtocol OPENFEIGN = new RawProtocol("openfeign", 3, "OpenFeign");

  /** The paper's three, in its order: Tables 3-4 and Figs. 8-10 show these. */
  public static final List<RawProtocol> PAPER = List.of(RPCX, GRPC, OPENFEIGN);

  private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

  public final String id;
  public final int type;
  public final String label;

  private RawProtocol(String id, int type, String label) {
    this.id = id;
    this.type = type;
    this.label = label;
  }

  /**
   * The protocol {@code id} with {@code type}; a paper protocol must have its paper type.
   *
   * @throws IllegalArgumentException for an id that is not lower-case letters, digits, '.', '_',
   *     '-' or a paper id with another type
   */
  public static RawProtocol of(String id, int type) {
    String norm = normalize(id);
    Optional<RawProtocol> paper = paperById(norm);
    if (paper.isPresent()) {
      if (paper.get().type != type) {
        throw new IllegalArgumentException("protocol '" + norm + "' does not match type " + type);
      }
      return paper.get();
    }
    if (paperByType(type).isPresent()) {
      throw new IllegalArgumentException(
          "type "
              + type
              + " is the paper's "
              + paperByType(type).get().id
              + ", not '"
              + norm
              + "'");
    }
    return new RawProtocol(norm, type, norm);
  }

  /** For a file that names only its type: the paper's protocol, else {@code type-N}. */
  static RawProtocol ofTypeOnly(int type) {
    return paperByType(type).orElseGet(() -> new RawProtocol("type-" + type, type, "type-" + type));
  }

  /**
   * The same protocol with the label its files give ({@code label} provenance); the paper's three
   * keep theirs. Characters that would break a table are replaced.
   */
  public RawProtocol withLabel(String fileLabel) {
    if (paper() || fileLabel == null || fileLabel.isBlank()) {
      return this;
    }
    String clean = fileLabel.trim().replaceAll("[|<>\\p{Cntrl}]", "/");
    return new RawProtocol(id, type, clean.length() > 64 ? clean.substring(0, 64) : clean);
  }

  static Optional<RawProtocol> paperById(String id) {
    return PAPER.stream().filter(p -> p.id.equals(normalize(id))).findFirst();
  }

  static Optional<RawProtocol> paperByType(int type) {
    return PAPER.stream().filter(p -> p.type == type).findFirst();
  }

  private static String normalize(String id) {
    String norm = id.trim().toLowerCase(Locale.ROOT);
    if (!ID.matcher(norm).matches()) {
      throw new IllegalArgumentException(
          "protocol id '" + id + "' is not [a-z0-9][a-z0-9._-]*, at most 64");
    }
    return norm;
  }

  public boolean paper() {
    return PAPER.contains(this);
  }

  @Override
  public int compareTo(RawProtocol o) {
    int c = Integer.compare(type, o.type);
    return c != 0 ? c : id.compareTo(o.id);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RawProtocol p && p.id.equals(id);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id);
  }

  @Override
  public String toString() {
    return id;
  }
}
