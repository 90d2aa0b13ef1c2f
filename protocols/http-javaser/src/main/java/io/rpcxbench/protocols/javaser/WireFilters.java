package io.rpcxbench.protocols.javaser;

import io.rpcxbench.api.BenchContract;
import java.io.ObjectInputFilter;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The JEP 290 allow-lists every deserialization here goes through, set per stream: the server's
 * admits the four request records, the client's the four replies, with bounded depth, references,
 * array length and bytes. Everything else ({@code !*}) is rejected before any of it is
 * instantiated.
 */
final class WireFilters {
  /** The largest request body: a 1 MiB put value, a 1 KiB key, and the stream's framing. */
  static final int MAX_REQUEST_BYTES = BenchContract.MAX_PAYLOAD + 16 * 1024;

  /** The largest reply: items(MAX_ITEMS) is about 1 MB serialized; echo 1 MiB. */
  static final int MAX_REPLY_BYTES = 8 * BenchContract.MAX_PAYLOAD;

  private static final String REQUESTS =
      allow(
              Wire.HelloRequest.class,
              Wire.EchoRequest.class,
              Wire.PutRequest.class,
              Wire.ItemsRequest.class,
              Wire.MessageRequest.class)
          // a request is one record holding strings and byte arrays: depth 2, a few references
          + "maxdepth=3;maxrefs=16;maxarray="
          + BenchContract.MAX_PAYLOAD
          + ";maxbytes="
          + MAX_REQUEST_BYTES
          + ";!*";

  private static final String REPLIES =
      allow(
              Wire.HelloReply.class,
              Wire.EchoReply.class,
              Wire.PutReply.class,
              Wire.ItemsReply.class,
              Wire.ItemMessage.class,
              Wire.MessageAnswer.class,
              String.class)
          // ItemsReply > ItemMessage[] > ItemMessage > String[]; ~6 references per item
          + "maxdepth=5;maxrefs="
          + (8 * BenchContract.MAX_ITEMS + 64)
          + ";maxarray="
          + BenchContract.MAX_PAYLOAD
          + ";maxbytes="
          + MAX_REPLY_BYTES
          + ";!*";

  private WireFilters() {}

  /** A fresh filter for one request stream; it remembers why it rejected. */
  static RecordingFilter requests() {
    return new RecordingFilter(ObjectInputFilter.Config.createFilter(REQUESTS));
  }

  /** A fresh filter for one reply stream. */
  static RecordingFilter replies() {
    return new RecordingFilter(ObjectInputFilter.Config.createFilter(REPLIES));
  }

  static String requestPattern() {
    return REQUESTS;
  }

  private static String allow(Class<?>... classes) {
    return Stream.of(classes).map(Class::getName).collect(Collectors.joining(";", "", ";"));
  }

  /** The pattern filter, plus what it rejected, for the log line and the 400's detail. */
  static final class RecordingFilter implements ObjectInputFilter {
    private final ObjectInputFilter delegate;
    private String rejected;

    private RecordingFilter(ObjectInputFilter delegate) {
      this.delegate = delegate;
    }

    @Override
    public Status checkInput(FilterInfo info) {
      Status status = delegate.checkInput(info);
      if (status == Status.REJECTED && rejected == null) {
        rejected =
            "rejected "
                + (info.serialClass() != null ? "class " + info.serialClass().getName() + " " : "")
                + "(depth "
                + info.depth()
                + ", references "
                + info.references()
                + ", array length "
                + info.arrayLength()
                + ", bytes "
                + info.streamBytes()
                + ")";
      }
      return status;
    }

    /** Why the stream was rejected, or null. */
    String rejected() {
      return rejected;
    }
  }
}
