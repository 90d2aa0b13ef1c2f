package io.rpcxbench.protocols.bert;

import com.ericsson.otp.erlang.OtpErlangAtom;
import com.ericsson.otp.erlang.OtpErlangBinary;
import com.ericsson.otp.erlang.OtpErlangBoolean;
import com.ericsson.otp.erlang.OtpErlangDouble;
import com.ericsson.otp.erlang.OtpErlangList;
import com.ericsson.otp.erlang.OtpErlangLong;
import com.ericsson.otp.erlang.OtpErlangObject;
import com.ericsson.otp.erlang.OtpErlangTuple;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A user's record as Erlang terms, from the schema read at run time, the way an Erlang service
 * holds a record: a message is a tuple of its fields in the schema's order (an Erlang record
 * without its name atom: no atom is ever made from the schema or the data); a field that can be
 * absent and is absent is BERT's {@code {bert, nil}}; a repeated field a list; a map BERT's dict,
 * {@code {bert, dict, [{Key, Value}, ...]}}; integers integers (unsigned ones as such), floats
 * floats, bools the atoms {@code true} and {@code false}, strings and bytes binaries, an enum its
 * number. Reading checks every term against the schema and fails on the first that does not fit.
 */
final class RecordTerms {
  private static final OtpErlangObject NIL =
      new OtpErlangTuple(
          new OtpErlangObject[] {new OtpErlangAtom(Terms.BERT), new OtpErlangAtom(Terms.NIL)});
  private static final OtpErlangAtom DICT = new OtpErlangAtom("dict");
  private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

  private RecordTerms() {}

  /** A term does not fit the schema; the message names the field and what was there. */
  static final class RecordTermException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    RecordTermException(String message) {
      super(message);
    }
  }

  /** The record as a tuple of its fields. */
  static OtpErlangObject toTerm(Message record) {
    List<FieldDescriptor> fields = record.getDescriptorForType().getFields();
    OtpErlangObject[] out = new OtpErlangObject[fields.size()];
    for (int i = 0; i < out.length; i++) {
      FieldDescriptor f = fields.get(i);
      if (f.isMapField()) {
        out[i] = dict(record, f);
      } else if (f.isRepeated()) {
        OtpErlangObject[] values = new OtpErlangObject[record.getRepeatedFieldCount(f)];
        for (int j = 0; j < values.length; j++) {
          values[j] = value(f, record.getRepeatedField(f, j));
        }
        out[i] = new OtpErlangList(values);
      } else if (f.hasPresence() && !record.hasField(f)) {
        out[i] = NIL;
      } else {
        out[i] = value(f, record.getField(f));
      }
    }
    return new OtpErlangTuple(out);
  }

  /**
   * The record of this type the term holds.
   *
   * @throws RecordTermException when a term does not fit the schema
   */
  static DynamicMessage fromTerm(Descriptor type, OtpErlangObject term) {
    List<FieldDescriptor> fields = type.getFields();
    if (!(term instanceof OtpErlangTuple tuple) || tuple.arity() != fields.size()) {
      throw bad(type.getFullName(), "a tuple of " + fields.size() + " fields", term);
    }
    DynamicMessage.Builder record = DynamicMessage.newBuilder(type);
    for (int i = 0; i < fields.size(); i++) {
      FieldDescriptor f = fields.get(i);
      OtpErlangObject e = tuple.elementAt(i);
      if (f.isMapField()) {
        readDict(record, f, e);
      } else if (f.isRepeated()) {
        for (OtpErlangObject element : list(f, e)) {
          record.addRepeatedField(f, scalar(f, element));
        }
      } else if (!(f.hasPresence() && Terms.isNil(e))) {
        record.setField(f, scalar(f, e));
      }
    }
    return record.build();
  }

  private static OtpErlangObject dict(Message record, FieldDescriptor f) {
    FieldDescriptor key = f.getMessageType().findFieldByNumber(1);
    FieldDescriptor value = f.getMessageType().findFieldByNumber(2);
    OtpErlangObject[] pairs = new OtpErlangObject[record.getRepeatedFieldCount(f)];
    for (int j = 0; j < pairs.length; j++) {
      Message entry = (Message) record.getRepeatedField(f, j);
      pairs[j] =
          new OtpErlangTuple(
              new OtpErlangObject[] {
                value(key, entry.getField(key)), value(value, entry.getField(value))
              });
    }
    return new OtpErlangTuple(
        new OtpErlangObject[] {new OtpErlangAtom(Terms.BERT), DICT, new OtpErlangList(pairs)});
  }

  private static void readDict(
      DynamicMessage.Builder record, FieldDescriptor f, OtpErlangObject e) {
    if (!(e instanceof OtpErlangTuple t)
        || t.arity() != 3
        || !Terms.isAtom(t.elementAt(0), Terms.BERT)
        || !Terms.isAtom(t.elementAt(1), "dict")) {
      throw bad(f.getFullName(), "{bert, dict, [{Key, Value}]}", e);
    }
    Descriptor entryType = f.getMessageType();
    FieldDescriptor key = entryType.findFieldByNumber(1);
    FieldDescriptor value = entryType.findFieldByNumber(2);
    for (OtpErlangObject pair : list(f, t.elementAt(2))) {
      if (!(pair instanceof OtpErlangTuple kv) || kv.arity() != 2) {
        throw bad(f.getFullName(), "a {Key, Value} pair", pair);
      }
      record.addRepeatedField(
          f,
          DynamicMessage.newBuilder(entryType)
              .setField(key, scalar(key, kv.elementAt(0)))
              .setField(value, scalar(value, kv.elementAt(1)))
              .build());
    }
  }

  private static OtpErlangObject[] list(FieldDescriptor f, OtpErlangObject e) {
    OtpErlangObject[] elements = Terms.elements(e);
    if (elements == null) {
      throw bad(f.getFullName(), "a list", e);
    }
    return elements;
  }

  private static OtpErlangObject value(FieldDescriptor f, Object v) {
    return switch (f.getJavaType()) {
      case INT ->
          new OtpErlangLong(unsigned(f) ? Integer.toUnsignedLong((Integer) v) : (Integer) v);
      case LONG ->
          unsigned(f) && (Long) v < 0
              ? new OtpErlangLong(BigInteger.valueOf((Long) v).add(TWO_TO_64))
              : new OtpErlangLong((Long) v);
      case FLOAT -> new OtpErlangDouble((Float) v);
      case DOUBLE -> new OtpErlangDouble((Double) v);
      case BOOLEAN -> new OtpErlangBoolean((Boolean) v);
      case STRING -> new OtpErlangBinary(((String) v).getBytes(StandardCharsets.UTF_8));
      case BYTE_STRING -> new OtpErlangBinary(((ByteString) v).toByteArray());
      case ENUM -> new OtpErlangLong(((EnumValueDescriptor) v).getNumber());
      case MESSAGE -> toTerm((Message) v);
    };
  }

  private static Object scalar(FieldDescriptor f, OtpErlangObject e) {
    switch (f.getJavaType()) {
      case INT -> {
        long n = integer(f, e);
        if (unsigned(f) ? n < 0 || n > 0xffffffffL : n != (int) n) {
          throw bad(f.getFullName(), "a 32-bit integer", e);
        }
        return (int) n;
      }
      case LONG -> {
        BigInteger n = bigInteger(f, e);
        boolean fits =
            unsigned(f) ? n.signum() >= 0 && n.compareTo(TWO_TO_64) < 0 : n.bitLength() <= 63;
        if (!fits) {
          throw bad(f.getFullName(), "a 64-bit integer", e);
        }
        return n.longValue();
      }
      case FLOAT -> {
        return (float) real(f, e);
      }
      case DOUBLE -> {
        return real(f, e);
      }
      case BOOLEAN -> {
        if (Terms.isAtom(e, "true")) {
          return true;
        }
        if (Terms.isAtom(e, "false")) {
          return false;
        }
        throw bad(f.getFullName(), "true or false", e);
      }
      case STRING -> {
        return new String(binary(f, e), StandardCharsets.UTF_8);
      }
      case BYTE_STRING -> {
        return ByteString.copyFrom(binary(f, e));
      }
      case ENUM -> {
        long n = integer(f, e);
        if (n != (int) n) {
          throw bad(f.getFullName(), "an enum number", e);
        }
        EnumValueDescriptor known = f.getEnumType().findValueByNumber((int) n);
        if (known != null) {
          return known;
        }
        if (f.getEnumType().isClosed()) {
          throw bad(f.getFullName(), "a number of " + f.getEnumType().getFullName(), e);
        }
        return f.getEnumType().findValueByNumberCreatingIfUnknown((int) n);
      }
      case MESSAGE -> {
        return fromTerm(f.getMessageType(), e);
      }
      default -> throw new IllegalStateException("unknown field type " + f.getJavaType());
    }
  }

  private static boolean unsigned(FieldDescriptor f) {
    return switch (f.getType()) {
      case UINT32, FIXED32, UINT64, FIXED64 -> true;
      default -> false;
    };
  }

  private static long integer(FieldDescriptor f, OtpErlangObject e) {
    if (!(e instanceof OtpErlangLong n) || !n.isLong()) {
      throw bad(f.getFullName(), "an integer", e);
    }
    return n.longValue();
  }

  private static BigInteger bigInteger(FieldDescriptor f, OtpErlangObject e) {
    if (!(e instanceof OtpErlangLong n)) {
      throw bad(f.getFullName(), "an integer", e);
    }
    return n.bigIntegerValue();
  }

  private static double real(FieldDescriptor f, OtpErlangObject e) {
    if (e instanceof OtpErlangDouble d) {
      return d.doubleValue();
    }
    throw bad(f.getFullName(), "a float", e);
  }

  private static byte[] binary(FieldDescriptor f, OtpErlangObject e) {
    byte[] bytes = Terms.bytes(e);
    if (bytes == null) {
      throw bad(f.getFullName(), "a binary", e);
    }
    return bytes;
  }

  private static RecordTermException bad(String where, String expected, OtpErlangObject got) {
    return new RecordTermException(where + ": expected " + expected + ", got a " + Terms.kind(got));
  }
}
