package io.rpcxbench.protocols.javaser;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;

/** Java serialization of one body each way; reading always through a {@link WireFilters} filter. */
final class WireCodec {
  static final String CONTENT_TYPE = "application/x-java-serialized-object";

  private WireCodec() {}

  static void write(Object body, OutputStream out) throws IOException {
    try (ObjectOutputStream objects = new ObjectOutputStream(out)) {
      objects.writeObject(body);
    }
  }

  /**
   * Reads one object of the expected type through the filter.
   *
   * @throws RejectedException the filter rejected a class or a limit, or the bytes are not one
   *     object of {@code type}
   */
  static <T> T read(InputStream in, WireFilters.RecordingFilter filter, Class<T> type)
      throws RejectedException {
    Object body;
    try (ObjectInputStream objects = new ObjectInputStream(in)) {
      objects.setObjectInputFilter(filter);
      body = objects.readObject();
    } catch (InvalidClassException e) {
      throw new RejectedException(
          filter.rejected() != null ? filter.rejected() : "invalid class: " + e.getMessage());
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      // records' constructors and corrupt streams throw unchecked exceptions too
      throw new RejectedException(
          filter.rejected() != null ? filter.rejected() : "unreadable body: " + e);
    }
    if (!type.isInstance(body)) {
      throw new RejectedException(
          "expected "
              + type.getSimpleName()
              + ", got "
              + (body == null ? "null" : body.getClass().getName()));
    }
    return type.cast(body);
  }

  /** A body that must not be used; the message says why. */
  static final class RejectedException extends Exception {
    private static final long serialVersionUID = 1L;

    RejectedException(String message) {
      super(message);
    }
  }
}
