package io.rpcxbench.protocols.amqp;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What travels in an AMQP message, both ways. The method is the message's {@code type} property;
 * the body is a tiny binary encoding (big-endian, as {@link DataOutputStream} writes):
 *
 * <pre>
 * request  hello  [1: name present][UTF-8 name]
 *          echo   [1: payload present][payload]
 *          put    [4: key length, -1 = missing][UTF-8 key][1: value present][value]
 *          items  [4: n]
 *          about  (empty: the server's settings, for the client's describe())
 * reply    type absent: the result: hello UTF-8 text, echo the payload, put [1: 1],
 *                items [4: count] then per item [8: id][2+n: name][8: price][1: flag]
 *                [1: tag count][2+n: tag]...; about UTF-8 text
 *          type "invalid-argument" or "internal": the call failed, body = UTF-8 message
 * </pre>
 *
 * {@code correlation_id} and {@code reply_to} are the standard properties; nothing else is set.
 */
final class AmqpWire {
  /** The request queue the server consumes, reached through the default exchange. */
  static final String REQUEST_QUEUE = BenchContract.SERVICE + ".requests";

  static final String HELLO = BenchContract.HELLO;
  static final String ECHO = BenchContract.ECHO;
  static final String PUT = BenchContract.PUT;
  static final String ITEMS = BenchContract.ITEMS;
  static final String ABOUT = "about";

  static final String INVALID_ARGUMENT = "invalid-argument";
  static final String INTERNAL = "internal";

  /**
   * The largest body either side accepts: the largest payload plus room for the rest. The brokers
   * are configured to refuse larger messages, so none reaches the consumer.
   */
  static final int MAX_BODY = BenchContract.MAX_PAYLOAD + 64 * 1024;

  private static final byte[] TRUE = {1};

  private AmqpWire() {}

  /** A body the server cannot read: truncated, a broken length, trailing bytes, too large. */
  static final class BadBodyException extends Exception {
    private static final long serialVersionUID = 1L;

    BadBodyException(String message) {
      super(message);
    }
  }

  // ---- requests (client side) ----

  static byte[] optionalText(String text) {
    return optionalBytes(text == null ? null : text.getBytes(StandardCharsets.UTF_8));
  }

  static byte[] optionalBytes(byte[] bytes) {
    if (bytes == null) {
      return new byte[] {0};
    }
    byte[] body = new byte[1 + bytes.length];
    body[0] = 1;
    System.arraycopy(bytes, 0, body, 1, bytes.length);
    return body;
  }

  static byte[] put(String key, byte[] value) {
    byte[] k = key == null ? null : key.getBytes(StandardCharsets.UTF_8);
    int length = 4 + (k == null ? 0 : k.length) + 1 + (value == null ? 0 : value.length);
    ByteBuffer body = ByteBuffer.allocate(length);
    body.putInt(k == null ? -1 : k.length);
    if (k != null) {
      body.put(k);
    }
    body.put((byte) (value == null ? 0 : 1));
    if (value != null) {
      body.put(value);
    }
    return body.array();
  }

  static byte[] items(int n) {
    return ByteBuffer.allocate(4).putInt(n).array();
  }

  // ---- requests (server side) ----

  /** The text of a hello body, null when the sender said "missing". */
  static String readOptionalText(byte[] body) throws BadBodyException {
    byte[] bytes = readOptionalBytes(body);
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }

  /** The payload of an echo body, null when the sender said "missing". */
  static byte[] readOptionalBytes(byte[] body) throws BadBodyException {
    if (body.length == 0) {
      throw new BadBodyException("empty body");
    }
    return switch (body[0]) {
      case 0 -> {
        if (body.length != 1) {
          throw new BadBodyException((body.length - 1) + " bytes after a missing argument");
        }
        yield null;
      }
      case 1 -> Arrays.copyOfRange(body, 1, body.length);
      default -> throw new BadBodyException("presence byte " + body[0]);
    };
  }

  /** A put body's key (null: missing) and value (null: missing). */
  record PutRequest(String key, byte[] value) {}

  static PutRequest readPut(byte[] body) throws BadBodyException {
    ByteBuffer in = ByteBuffer.wrap(body);
    if (in.remaining() < 5) {
      throw new BadBodyException("put body of " + body.length + " bytes");
    }
    int keyLength = in.getInt();
    String key = null;
    if (keyLength != -1) {
      if (keyLength < 0 || keyLength > in.remaining() - 1) {
        throw new BadBodyException("key length " + keyLength + " in a " + body.length + " B body");
      }
      key = new String(body, in.position(), keyLength, StandardCharsets.UTF_8);
      in.position(in.position() + keyLength);
    }
    byte[] rest = new byte[in.remaining()];
    in.get(rest);
    return new PutRequest(key, readOptionalBytes(rest));
  }

  static int readItems(byte[] body) throws BadBodyException {
    if (body.length != 4) {
      throw new BadBodyException("items body of " + body.length + " bytes, not 4");
    }
    return ByteBuffer.wrap(body).getInt();
  }

  // ---- replies ----

  static byte[] text(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] putResult(boolean stored) {
    return stored ? TRUE.clone() : new byte[] {0};
  }

  static byte[] itemList(List<Item> items) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 + items.size() * 48);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(items.size());
      for (Item item : items) {
        out.writeLong(item.id());
        writeShortText(out, item.name());
        out.writeDouble(item.price());
        out.writeBoolean(item.flag());
        out.writeByte(item.tags().size());
        for (String tag : item.tags()) {
          writeShortText(out, tag);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
    }
    return bytes.toByteArray();
  }

  static List<Item> readItemList(byte[] body) throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(body))) {
      int count = in.readInt();
      if (count < 0 || count > BenchContract.MAX_ITEMS) {
        throw new IOException("item count " + count);
      }
      List<Item> items = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        long id = in.readLong();
        String name = readShortText(in);
        double price = in.readDouble();
        boolean flag = in.readBoolean();
        int tagCount = in.readUnsignedByte();
        List<String> tags = new ArrayList<>(tagCount);
        for (int t = 0; t < tagCount; t++) {
          tags.add(readShortText(in));
        }
        items.add(new Item(id, name, price, flag, tags));
      }
      if (in.available() > 0) {
        throw new IOException(in.available() + " bytes after the items");
      }
      return items;
    }
  }

  static boolean readPutResult(byte[] body) throws IOException {
    if (body.length != 1) {
      throw new IOException("put reply of " + body.length + " bytes");
    }
    return body[0] == 1;
  }

  private static void writeShortText(DataOutputStream out, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (bytes.length > 0xffff) {
      throw new IOException("text of " + bytes.length + " bytes");
    }
    out.writeShort(bytes.length);
    out.write(bytes);
  }

  private static String readShortText(DataInputStream in) throws IOException {
    byte[] bytes = new byte[in.readUnsignedShort()];
    try {
      in.readFully(bytes);
    } catch (EOFException e) {
      throw new IOException("truncated text", e);
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
