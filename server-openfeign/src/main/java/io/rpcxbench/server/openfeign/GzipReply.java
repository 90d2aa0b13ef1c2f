package io.rpcxbench.server.openfeign;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.zip.GZIPOutputStream;

/**
 * A reply compressed with gzip ({@link GzipInKind}): {@code Content-Encoding: gzip} and {@code
 * Vary: Accept-Encoding} once the body is first written, the body through a {@link
 * GZIPOutputStream}, no {@code Content-Length} (the compressed length is known only at the end, so
 * Tomcat sends it chunked), and the stream finished by {@link #finish()} after the chain.
 */
final class GzipReply extends HttpServletResponseWrapper {
  private GZIPOutputStream gzip;
  private ServletOutputStream stream;
  private PrintWriter writer;
  private boolean errorSent;

  GzipReply(HttpServletResponse response) {
    super(response);
  }

  @Override
  public ServletOutputStream getOutputStream() throws IOException {
    if (writer != null) {
      throw new IllegalStateException("getWriter() was already called");
    }
    return stream();
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    if (writer == null) {
      if (stream != null) {
        throw new IllegalStateException("getOutputStream() was already called");
      }
      Charset charset = Charset.forName(getCharacterEncoding());
      writer = new PrintWriter(new OutputStreamWriter(stream(), charset));
    }
    return writer;
  }

  private ServletOutputStream stream() throws IOException {
    if (stream == null) {
      setHeader("Content-Encoding", GzipInKind.GZIP);
      addHeader("Vary", "Accept-Encoding");
      ServletOutputStream raw = super.getOutputStream();
      gzip = new GZIPOutputStream(raw, 8192);
      stream = new Compressing(raw, gzip);
    }
    return stream;
  }

  // the compressed length is not the one the application knows: Tomcat chunks the reply instead
  @Override
  public void setContentLength(int length) {}

  @Override
  public void setContentLengthLong(long length) {}

  private static boolean isLength(String header) {
    return "Content-Length".equalsIgnoreCase(header);
  }

  @Override
  public void setHeader(String name, String value) {
    if (!isLength(name)) {
      super.setHeader(name, value);
    }
  }

  @Override
  public void addHeader(String name, String value) {
    if (!isLength(name)) {
      super.addHeader(name, value);
    }
  }

  @Override
  public void setIntHeader(String name, int value) {
    if (!isLength(name)) {
      super.setIntHeader(name, value);
    }
  }

  @Override
  public void addIntHeader(String name, int value) {
    if (!isLength(name)) {
      super.addIntHeader(name, value);
    }
  }

  @Override
  public void flushBuffer() throws IOException {
    if (writer != null) {
      writer.flush();
    }
    if (gzip != null) {
      gzip.flush();
    }
    super.flushBuffer();
  }

  /** A reset drops what was compressed so far; the next write starts a new gzip stream. */
  @Override
  public void reset() {
    super.reset();
    dropStream();
  }

  @Override
  public void resetBuffer() {
    super.resetBuffer();
    dropStream();
  }

  @Override
  public void sendError(int status, String message) throws IOException {
    errorSent = true;
    super.sendError(status, message);
  }

  @Override
  public void sendError(int status) throws IOException {
    errorSent = true;
    super.sendError(status);
  }

  private void dropStream() {
    gzip = null;
    stream = null;
    writer = null;
  }

  /** Writes the gzip trailer after the chain; nothing when no body was written or an error sent. */
  void finish() throws IOException {
    if (errorSent || gzip == null) {
      return;
    }
    if (writer != null) {
      writer.flush();
    }
    gzip.finish();
  }

  /** The servlet stream over the gzip stream; readiness is the raw stream's. */
  private static final class Compressing extends ServletOutputStream {
    private final ServletOutputStream raw;
    private final GZIPOutputStream gzip;

    Compressing(ServletOutputStream raw, GZIPOutputStream gzip) {
      this.raw = raw;
      this.gzip = gzip;
    }

    @Override
    public void write(int b) throws IOException {
      gzip.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      gzip.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
      gzip.flush();
    }

    @Override
    public void close() throws IOException {
      gzip.finish();
      raw.close();
    }

    @Override
    public boolean isReady() {
      return raw.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      raw.setWriteListener(listener);
    }
  }
}
