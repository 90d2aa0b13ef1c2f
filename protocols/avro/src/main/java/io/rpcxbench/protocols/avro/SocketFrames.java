package io.rpcxbench.protocols.avro;

import io.rpcxbench.serverkit.BadInputException;
import io.rpcxbench.serverkit.RequestInput;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

/**
 * avro-socket's wire on one connection: each record in a frame of a 4-byte big-endian length and
 * the record's Avro binary encoding. Lengths are checked against {@link AvroLimits#MAX_FRAME}
 * before anything is allocated. Reuses its encoder, decoder and buffer: one per socket, not
 * thread-safe.
 *
 * @param <W> the record written
 * @param <R> the record read
 */
final class SocketFrames<W extends SpecificRecord, R extends SpecificRecord> {
  /** A frame that cannot be read: a bad length, or bytes that are not one record. */
  static final class BadFrameException extends BadInputException {
    private static final long serialVersionUID = 1L;

    BadFrameException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final SpecificDatumWriter<W> writer;
  private final SpecificDatumReader<R> reader;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(4096);
  private final BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(buffer, null);
  private BinaryDecoder decoder;

  SocketFrames(Class<W> written, Class<R> read) {
    AvroLimits.install();
    this.writer = new SpecificDatumWriter<>(written);
    this.reader = new SpecificDatumReader<>(read);
  }

  void write(W record, DataOutputStream out) throws IOException {
    buffer.reset();
    writer.write(record, encoder);
    encoder.flush();
    out.writeInt(buffer.size());
    buffer.writeTo(out);
    out.flush();
  }

  /**
   * The next record, or null at a clean end of stream (between frames).
   *
   * @throws BadFrameException when the length is out of bounds or the bytes are not one record
   * @throws EOFException when the stream ends inside a frame
   */
  R read(DataInputStream in) throws IOException {
    return read(in, null);
  }

  /**
   * As {@link #read(DataInputStream)}, on a server: the frame is read as its bytes arrive, within
   * the server kit's budget, never allocated at the length the peer announced.
   */
  R read(DataInputStream in, RequestInput frames) throws IOException {
    int b0 = in.read();
    if (b0 < 0) {
      return null;
    }
    int length = (b0 << 24) | (in.readUnsignedByte() << 16) | in.readUnsignedShort();
    if (length < 0 || length > AvroLimits.MAX_FRAME) {
      throw new BadFrameException(
          "frame of "
              + Integer.toUnsignedString(length)
              + " bytes, the limit is "
              + AvroLimits.MAX_FRAME,
          null);
    }
    byte[] frame;
    if (frames != null) {
      frame = frames.readFrame(length); // in reads from frames, which buffers nothing of its own
    } else {
      frame = new byte[length];
      in.readFully(frame);
    }
    decoder = DecoderFactory.get().binaryDecoder(frame, decoder);
    R record;
    try {
      record = reader.read(null, decoder);
      if (!decoder.isEnd()) {
        throw new BadFrameException("bytes left after the record", null);
      }
    } catch (BadFrameException e) {
      throw e;
    } catch (IOException | RuntimeException e) { // Avro throws several kinds on garbage
      throw new BadFrameException("not a record of " + reader.getSchema().getName() + ": " + e, e);
    }
    return record;
  }
}
