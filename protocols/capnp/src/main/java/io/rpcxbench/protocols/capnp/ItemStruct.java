package io.rpcxbench.protocols.capnp;

import io.rpcxbench.api.Item;
import java.util.ArrayList;
import java.util.List;
import org.capnproto.SegmentBuilder;
import org.capnproto.SegmentReader;
import org.capnproto.StructBuilder;
import org.capnproto.StructFactory;
import org.capnproto.StructList;
import org.capnproto.StructReader;
import org.capnproto.StructSize;
import org.capnproto.Text;
import org.capnproto.TextList;

/**
 * bench.capnp's {@code Item}, written by hand as capnpc-java would generate it; the layout from
 * {@code capnp compile -ocapnp bench.capnp}:
 *
 * <pre>
 * struct Item  # 24 bytes, 2 ptrs
 *   id    @0 :Int64       bits[0, 64)    -> long index 0
 *   name  @1 :Text        ptr[0]
 *   price @2 :Float64     bits[64, 128)  -> double index 1
 *   flag  @3 :Bool        bits[128, 129) -> bit 128
 *   tags  @4 :List(Text)  ptr[1]
 * </pre>
 */
final class ItemStruct {
  static final StructSize STRUCT_SIZE = new StructSize((short) 3, (short) 2);
  static final Factory factory = new Factory();
  static final StructList.Factory<Builder, Reader> listFactory = new StructList.Factory<>(factory);

  private static final int ID = 0;
  private static final int PRICE = 1;
  private static final int FLAG_BIT = 128;
  private static final int NAME = 0;
  private static final int TAGS = 1;

  private ItemStruct() {}

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

    /** Writes one record: its fields, its name and its tags. */
    void set(Item item) {
      _setLongField(ID, item.id());
      _setPointerField(Text.factory, NAME, new Text.Reader(item.name()));
      _setDoubleField(PRICE, item.price());
      _setBooleanField(FLAG_BIT, item.flag());
      TextList.Builder tags = _initPointerField(TextList.factory, TAGS, item.tags().size());
      for (int i = 0; i < item.tags().size(); i++) {
        tags.set(i, new Text.Reader(item.tags().get(i)));
      }
    }

    Reader asReader() {
      return new Reader(segment, data, pointers, dataSize, pointerCount, Integer.MAX_VALUE);
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

    /** The record, each field read once; a null name or tags list reads as empty. */
    Item toItem() {
      String name = _getPointerField(Text.factory, NAME, null, 0, 0).toString();
      TextList.Reader wire = _getPointerField(TextList.factory, TAGS, null, 0);
      List<String> tags = new ArrayList<>(wire.size());
      for (Text.Reader tag : wire) {
        tags.add(tag.toString());
      }
      return new Item(
          _getLongField(ID), name, _getDoubleField(PRICE), _getBooleanField(FLAG_BIT), tags);
    }
  }
}
