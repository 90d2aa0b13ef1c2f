package io.rpcxbench.server.openfeign;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** A request whose body was read ahead ({@link BodyReadAhead}): its stream reads those bytes. */
final class BufferedBody extends HttpServletRequestWrapper {
  private final byte[] body;
  private ServletInputStream in;

  BufferedBody(HttpServletRequest request, byte[] body) {
    super(request);
    this.body = body;
  }

  @Override
  public ServletInputStream getInputStream() {
    if (in == null) {
      in = new Bytes(new ByteArrayInputStream(body));
    }
    return in;
  }

  @Override
  public BufferedReader getReader() {
    String encoding = getCharacterEncoding();
    Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
    return new BufferedReader(new InputStreamReader(getInputStream(), charset));
  }

  private static final class Bytes extends ServletInputStream {
    private final ByteArrayInputStream bytes;

    Bytes(ByteArrayInputStream bytes) {
      this.bytes = bytes;
    }

    @Override
    public int read() {
      return bytes.read();
    }

    @Override
    public int read(byte[] b, int off, int len) {
      return bytes.read(b, off, len);
    }

    @Override
    public int available() {
      return bytes.available();
    }

    @Override
    public boolean isFinished() {
      return bytes.available() == 0;
    }

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setReadListener(ReadListener listener) {
      throw new IllegalStateException("the body was read ahead: read it in blocking mode");
    }
  }
}
