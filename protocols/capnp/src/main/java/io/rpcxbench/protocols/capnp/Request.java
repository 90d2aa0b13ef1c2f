package io.rpcxbench.protocols.capnp;

import org.capnproto.Data;
import org.capnproto.SegmentBuilder;
import org.capnproto.SegmentReader;
import org.capnproto.StructBuilder;
import org.capnproto.StructFactory;
import org.capnproto.StructReader;
import org.capnproto.StructSize;
import org.capnproto.Text;

/**
 * bench.capnp's {@code Request}, written by hand the way capnpc-java would generate it (no
 * capnpc-java exists here). The layout is what {@code capnp compile -ocapnp bench.capnp} prints:
 *
 * <pre>
 * struct Request  # 16 bytes, 2 ptrs
 *   id @0 :UInt64              bits[0, 64)     -> long index 0
 *   union                      tag bits[64, 80) -> short index 4
 *     hello   (tag 0) name    @1 :Text   ptr[0]
 *     echo    (tag 1) payload @2 :Data   ptr[0]
 *     put     (tag 2) key     @3 :Text   ptr[0], value @4 :Data ptr[1]
 *     items   (tag 3) n       @5 :Int32  bits[96, 128) -> int index 3
 * </pre>
 *
 * Groups are flattened into one accessor per field. A null argument is a null pointer, which the
 * server reads as "missing". {@code WireLayoutTest} checks these offsets against {@code capnp
 * encode/decode}.
 */
final class Request {
  static final StructSize STRUCT_SIZE = new StructSize((short) 2, (short) 2);
  static final Factory factory = new Factory();

  private static final int ID = 0;
  private static final int TAG = 4;
  private static final int ITEMS_N = 3;
  private static final int NAME_PAYLOAD_KEY = 0;
  private static final int VALUE = 1;

  /** The union's members, in tag order; a tag this schema does not know is NOT_IN_SCHEMA. */
  enum Which {
    HELLO,
    ECHO,
    PUT,
    ITEMS,
    NOT_IN_SCHEMA
  }

  private Request() {}

  static final class Factory extends StructFactory<Builder, Reader> {
    @Override
    public Reader constructReader(
        SegmentReader segment,
        int data,
        int pointers,
        int dataSize,
        short pointerCount,
        int nestingLimit) {
      return new Reader(segment, data, pointers, dataSize, pointerCount, nestingLimit);
    }

    @Override
    public Builder constructBuilder(
        SegmentBuilder segment, int data, int pointers, int dataSize, short pointerCount) {
      return new Builder(segment, data, pointers, dataSize, pointerCount);
    }

    @Override
    public StructSize structSize() {
      return STRUCT_SIZE;
    }

    @Override
    public Reader asReader(Builder builder) {
      return builder.asReader();
    }
  }

  static final class Builder extends StructBuilder {
    Builder(SegmentBuilder segment, int data, int pointers, int dataSize, short pointerCount) {
      super(segment, data, pointers, dataSize, pointerCount);
    }

    Reader asReader() {
      return new Reader(segment, data, pointers, dataSize, pointerCount, Integer.MAX_VALUE);
    }

    void setId(long id) {
      _setLongField(ID, id);
    }

    void setHello(String name) {
      _setShortField(TAG, (short) Which.HELLO.ordinal());
      setText(NAME_PAYLOAD_KEY, name);
    }

    void setEcho(byte[] payload) {
      _setShortField(TAG, (short) Which.ECHO.ordinal());
      setData(NAME_PAYLOAD_KEY, payload);
    }

    void setPut(String key, byte[] value) {
      _setShortField(TAG, (short) Which.PUT.ordinal());
      setText(NAME_PAYLOAD_KEY, key);
      setData(VALUE, value);
    }

    void setItems(int n) {
      _setShortField(TAG, (short) Which.ITEMS.ordinal());
      _setIntField(ITEMS_N, n);
    }

    private void setText(int pointer, String value) {
      if (value == null) {
        _clearPointerField(pointer);
      } else {
        _setPointerField(Text.factory, pointer, new Text.Reader(value));
      }
    }

    private void setData(int pointer, byte[] value) {
      if (value == null) {
        _clearPointerField(pointer);
      } else {
        _setPointerField(Data.factory, pointer, new Data.Reader(value));
      }
    }
  }

  static final class Reader extends StructReader {
    Reader(
        SegmentReader segment,
        int data,
        int pointers,
        int dataSize,
        short pointerCount,
        int nestingLimit) {
      super(segment, data, pointers, dataSize, pointerCount, nestingLimit);
    }

    long id() {
      return _getLongField(ID);
    }

    Which which() {
      int tag = Short.toUnsignedInt(_getShortField(TAG));
      return tag < Which.NOT_IN_SCHEMA.ordinal() ? Which.values()[tag] : Which.NOT_IN_SCHEMA;
    }

    /** The union tag as sent, for an error message about an unknown call. */
    int tag() {
      return Short.toUnsignedInt(_getShortField(TAG));
    }

    /** hello.name, put.key: null when the pointer is null (the argument is missing). */
    String text() {
      return _pointerFieldIsNull(NAME_PAYLOAD_KEY)
          ? null
          : _getPointerField(Text.factory, NAME_PAYLOAD_KEY, null, 0, 0).toString();
    }

    /** echo.payload: a copy, or null when missing. */
    byte[] payload() {
      return data(NAME_PAYLOAD_KEY);
    }

    /** put.value: a copy, or null when missing. */
    byte[] value() {
      return data(VALUE);
    }

    int itemsN() {
      return _getIntField(ITEMS_N);
    }

    private byte[] data(int pointer) {
      return _pointerFieldIsNull(pointer)
          ? null
          : _getPointerField(Data.factory, pointer, null, 0, 0).toArray();
    }
  }
}
