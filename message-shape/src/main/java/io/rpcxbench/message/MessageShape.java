package io.rpcxbench.message;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * A run's message: the type from {@code --message FILE.proto:Name} and the records from {@code
 * --data FILE.json}, with a hash of the schema as linked (the file and its imports) for the
 * provenance.
 *
 * <pre>{@code
 * MessageShape order = MessageShape.load("examples/order.proto:Order", Path.of("examples/order.json"));
 * DynamicMessage first = order.record(0);
 * }</pre>
 *
 * @param spec the {@code --message} value as given
 * @param type the message type
 * @param records the records sent, in turn (at least one)
 */
public record MessageShape(String spec, Descriptor type, List<DynamicMessage> records) {
  public MessageShape {
    records = List.copyOf(records);
    if (records.isEmpty()) {
      throw new ShapeException("no record to send");
    }
  }

  /** Loads both files; a bad one is a {@link ShapeException} with one line for the user. */
  public static MessageShape load(String spec, Path data) {
    Descriptor type = MessageSchema.load(spec);
    return new MessageShape(spec, type, SampleRecords.load(data, type));
  }

  /** The record for call number {@code sequence}: the records in turn. */
  public DynamicMessage record(long sequence) {
    return records.get((int) Math.floorMod(sequence, (long) records.size()));
  }

  /** The message's full name, e.g. {@code rpcxbench.examples.Order}. */
  public String name() {
    return type.getFullName();
  }

  /**
   * The first 16 hex digits of the SHA-256 of the linked schema (each file's descriptor, imports
   * first): the same for the same schema, whatever its comments or layout.
   */
  public String schemaHash() {
    return schemaHash(type);
  }

  /**
   * The first 8 hex digits of the SHA-256 of the schema hash and the records as sent: two data
   * files of the same records agree, a changed record or field does not.
   */
  public String recordsDigest() {
    MessageDigest sha = sha256();
    sha.update(schemaHash().getBytes(StandardCharsets.US_ASCII));
    for (DynamicMessage r : records) {
      byte[] bytes = r.toByteArray();
      sha.update(ByteBuffer.allocate(Integer.BYTES).putInt(bytes.length).array());
      sha.update(bytes);
    }
    return HexFormat.of().formatHex(sha.digest()).substring(0, 8);
  }

  public static String schemaHash(Descriptor type) {
    MessageDigest sha = sha256();
    digest(sha, type.getFile());
    return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
  }

  /** Every JDK has SHA-256 (a required algorithm), so its absence is a broken runtime. */
  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void digest(MessageDigest sha, FileDescriptor file) {
    for (FileDescriptor dependency : file.getDependencies()) {
      digest(sha, dependency);
    }
    sha.update(file.toProto().toByteArray());
  }
}
