package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangAtom;
import com.ericsson.otp.erlang.OtpErlangDouble;
import com.ericsson.otp.erlang.OtpErlangLong;
import com.ericsson.otp.erlang.OtpErlangObject;
import com.ericsson.otp.erlang.OtpErlangTuple;
import io.rpcxbench.api.Item;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Items as Erlang records: {@code {item, Id, Name, Price, Flag, [Tag, ...]}} with binaries for the
 * strings, a float price and the atoms {@code true}/{@code false}; what {@code -record(item, {id,
 * name, price, flag, tags})} is in Erlang.
 */
final class ItemTerms {
  static final String ITEM = "item";

  /** Bytes of one item of the contract, roughly, to size the frame. */
  static final int BYTES_PER_ITEM = 96;

  private ItemTerms() {}

  static void write(TermFrame frame, List<Item> items) {
    frame.listHead(items.size());
    for (Item item : items) {
      frame.write_tuple_head(6);
      frame.write_atom(ITEM);
      frame.write_long(item.id());
      frame.binary(item.name());
      frame.write_double(item.price());
      frame.write_boolean(item.flag());
      frame.listHead(item.tags().size());
      item.tags().forEach(frame::binary);
      frame.listEnd(item.tags().size());
    }
    frame.listEnd(items.size());
  }

  /**
   * The items of a reply.
   *
   * @throws IllegalArgumentException when the term is not a list of item records
   */
  static List<Item> read(OtpErlangObject term) {
    OtpErlangObject[] elements = Terms.elements(term);
    if (elements == null) {
      throw new IllegalArgumentException("items: not a list but a " + Terms.kind(term));
    }
    List<Item> items = new ArrayList<>(elements.length);
    for (OtpErlangObject element : elements) {
      items.add(item(element));
    }
    return items;
  }

  private static Item item(OtpErlangObject term) {
    if (term instanceof OtpErlangTuple t
        && t.arity() == 6
        && Terms.isAtom(t.elementAt(0), ITEM)
        && t.elementAt(1) instanceof OtpErlangLong id
        && id.isLong()
        && Terms.bytes(t.elementAt(2)) != null
        && t.elementAt(3) instanceof OtpErlangDouble price
        && t.elementAt(4) instanceof OtpErlangAtom flag
        && (flag.atomValue().equals("true") || flag.atomValue().equals("false"))) {
      return new Item(
          id.longValue(),
          string(t.elementAt(2)),
          price.doubleValue(),
          flag.booleanValue(),
          tags(t.elementAt(5)));
    }
    throw new IllegalArgumentException("items: not an item record: a " + Terms.kind(term));
  }

  private static List<String> tags(OtpErlangObject term) {
    OtpErlangObject[] elements = Terms.elements(term);
    if (elements == null) {
      throw new IllegalArgumentException("items: tags are not a list");
    }
    List<String> tags = new ArrayList<>(elements.length);
    for (OtpErlangObject element : elements) {
      tags.add(string(element));
    }
    return tags;
  }

  private static String string(OtpErlangObject term) {
    byte[] bytes = Terms.bytes(term);
    if (bytes == null) {
      throw new IllegalArgumentException("items: a string that is not a binary");
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
