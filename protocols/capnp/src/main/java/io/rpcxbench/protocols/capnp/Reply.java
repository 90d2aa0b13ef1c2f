package io.rpcxbench.protocols.capnp;

import io.rpcxbench.api.Item;
import java.util.ArrayList;
import java.util.List;
import org.capnproto.Data;
import org.capnproto.SegmentBuilder;
import org.capnproto.SegmentReader;
import org.capnproto.StructBuilder;
import org.capnproto.StructFactory;
import org.capnproto.StructList;
import org.capnproto.StructReader;
import org.capnproto.StructSize;
import org.capnproto.Text;

/**
 * bench.capnp's {@code Reply}, written by hand as capnpc-java would generate it; the layout from
 * {@code capnp compile -ocapnp bench.capnp}:
 *
 * <pre>
 * struct Reply  # 16 bytes, 1 ptr
 *   id @0 :UInt64                 bits[0, 64)     -> long index 0
 *   union                         tag bits[64, 80) -> short index 4
 *     hello (tag 0) @1 :Text        ptr[0]
 *     echo  (tag 1) @2 :Data        ptr[0]
 *     put   (tag 2) @3 :Bool        bits[80, 81)   -> bit 80
 *     items (tag 3) @4 :List(Item)  ptr[0]
 *     error (tag 4) code @5 :ErrorCode bits[80, 96) -> short index 5, message @6 :Text ptr[0]
 * </pre>
 */
final class Reply {
  static final StructSize STRUCT_SIZE = new StructSize((short) 2, (short) 1);
  static final Factory factory = new Factory();

  private static final int ID = 0;
  private static final int TAG = 4;
  private static final int PUT_BIT = 80;
  private static final int ERROR_CODE = 5;
  private static final int RESULT = 0;

  /** The union's members, in tag order. */
  enum Which {
    HELLO,
    ECHO,
    PUT,
    ITEMS,
    ERROR,
    NOT_IN_SCHEMA
  }

  /** bench.capnp's {@code ErrorCode}, in ordinal order. */
  enum ErrorCode {
    UNSPECIFIED,
    INVALID_ARGUMENT,
    INTERNAL
  }

  private Reply() {}

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

    void setHello(String greeting) {
      _setShortField(TAG, (short) Which.HELLO.ordinal());
      _setPointerField(Text.factory, RESULT, new Text.Reader(greeting));
    }

    void setEcho(byte[] payload) {
      _setShortField(TAG, (short) Which.ECHO.ordinal());
      _setPointerField(Data.factory, RESULT, new Data.Reader(payload));
    }

    void setPut(boolean stored) {
      _setShortField(TAG, (short) Which.PUT.ordinal());
      _setBooleanField(PUT_BIT, stored);
    }

    void setItems(List<Item> items) {
      _setShortField(TAG, (short) Which.ITEMS.ordinal());
      StructList.Builder<ItemStruct.Builder> list =
          _initPointerField(ItemStruct.listFactory, RESULT, items.size());
      for (int i = 0; i < items.size(); i++) {
        list.get(i).set(items.get(i));
      }
    }

    void setError(ErrorCode code, String message) {
      _setShortField(TAG, (short) Which.ERROR.ordinal());
      _setShortField(ERROR_CODE, (short) code.ordinal());
      _setPointerField(Text.factory, RESULT, new Text.Reader(message));
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

    String hello() {
      return text();
    }

    byte[] echo() {
      return _getPointerField(Data.factory, RESULT, null, 0, 0).toArray();
    }

    boolean put() {
      return _getBooleanField(PUT_BIT);
    }

    List<Item> items() {
      StructList.Reader<ItemStruct.Reader> list =
          _getPointerField(ItemStruct.listFactory, RESULT, null, 0);
      List<Item> items = new ArrayList<>(list.size());
      for (ItemStruct.Reader item : list) {
        items.add(item.toItem());
      }
      return items;
    }

    ErrorCode errorCode() {
      int code = Short.toUnsignedInt(_getShortField(ERROR_CODE));
      return code < ErrorCode.values().length ? ErrorCode.values()[code] : ErrorCode.UNSPECIFIED;
    }

    String errorMessage() {
      return text();
    }

    private String text() {
      return _getPointerField(Text.factory, RESULT, null, 0, 0).toString();
    }
  }
}
