package io.rpcxbench.message;

import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.Map;

/** The well-known types a schema may import, from protobuf-java itself (no file needed). */
final class WellKnownTypes {
  private static final Map<String, FileDescriptor> FILES =
      Map.of(
          "google/protobuf/timestamp.proto", com.google.protobuf.TimestampProto.getDescriptor(),
          "google/protobuf/duration.proto", com.google.protobuf.DurationProto.getDescriptor(),
          "google/protobuf/wrappers.proto", com.google.protobuf.WrappersProto.getDescriptor(),
          "google/protobuf/empty.proto", com.google.protobuf.EmptyProto.getDescriptor(),
          "google/protobuf/struct.proto", com.google.protobuf.StructProto.getDescriptor());

  private WellKnownTypes() {}

  static FileDescriptor file(String path) {
    return FILES.get(path);
  }
}
