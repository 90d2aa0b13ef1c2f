package io.rpcxbench.protocols.bert;

import static io.rpcxbench.protocols.bert.Berp.atom;
import static io.rpcxbench.protocols.bert.Berp.binary;
import static io.rpcxbench.protocols.bert.Berp.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.ericsson.otp.erlang.OtpErlangDouble;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.bert.TermBounds.BadTermException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The validator alone: what Erlang writes passes, bombs do not, and the limits are exact. */
class TermBoundsTest {
  private static byte[] bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) values[i];
    }
    return bytes;
  }

  /** term_to_binary({call, bench, put, [<<"k">>, 1.25, true]}) on Erlang/OTP 25. */
  @Test
  void whatErlangWritesPassesAndDecodes() throws Exception {
    byte[] erlang =
        bytes(
            131, 104, 4, 100, 0, 4, 99, 97, 108, 108, 100, 0, 5, 98, 101, 110, 99, 104, 100, 0, 3,
            112, 117, 116, 108, 0, 0, 0, 3, 109, 0, 0, 0, 1, 107, 70, 63, 244, 0, 0, 0, 0, 0, 0,
            100, 0, 4, 116, 114, 117, 101, 106);
    assertThat(Terms.decode(erlang, 0, erlang.length, TermBounds.REQUEST))
        .isEqualTo(call("bench", "put", binary("k"), new OtpErlangDouble(1.25), atom("true")));
  }

  @Test
  void utf8AtomsPassAsOtp26WritesThem() throws Exception {
    byte[] smallUtf8 = bytes(131, 119, 4, 'c', 'a', 'l', 'l');
    assertThat(Terms.decode(smallUtf8, 0, smallUtf8.length, TermBounds.REQUEST))
        .isEqualTo(atom("call"));
  }

  @Test
  void whatWeWritePassesAtTheLargestReply() throws Exception {
    TermFrame frame = Replies.reply(0, f -> ItemTerms.write(f, BenchContract.items(10_000)));
    assertThat(frame.size()).isLessThan(Terms.MAX_FRAME);
    Object term = Terms.decode(frame.array(), 4, frame.size() - 4, TermBounds.REPLY);
    assertThat(ItemTerms.read(((com.ericsson.otp.erlang.OtpErlangTuple) term).elementAt(1)))
        .isEqualTo(BenchContract.items(10_000));
  }

  @Test
  void aFrameDeclaringAHugeListIsRefusedBeforeAnythingIsAllocated() {
    byte[] bomb = bytes(131, 108, 0x7f, 0xff, 0xff, 0xff, 106);
    assertThatThrownBy(() -> TermBounds.REQUEST.check(bomb, 0, bomb.length))
        .isInstanceOf(BadTermException.class)
        .hasMessage("a length of 2147483647 at byte 1, 1 bytes left");
  }

  @Test
  void theLimitsAreExact() throws Exception {
    TermBounds bounds = new TermBounds(2, 4);
    byte[] depthTwo = bytes(131, 104, 1, 104, 1, 106); // {{[]}}
    bounds.check(depthTwo, 0, depthTwo.length);
    byte[] depthThree = bytes(131, 104, 1, 104, 1, 104, 1, 106);
    assertThatThrownBy(() -> bounds.check(depthThree, 0, depthThree.length))
        .hasMessageContaining("nested deeper than 2");
    byte[] fourTerms = bytes(131, 104, 3, 97, 1, 97, 2, 97, 3);
    bounds.check(fourTerms, 0, fourTerms.length);
    byte[] fiveTerms = bytes(131, 104, 4, 97, 1, 97, 2, 97, 3, 97, 4);
    assertThatThrownBy(() -> bounds.check(fiveTerms, 0, fiveTerms.length))
        .hasMessage("more than 4 terms");
    byte[] atom255 = new byte[4 + 255];
    atom255[0] = (byte) 131;
    atom255[1] = 100;
    atom255[3] = (byte) 255;
    Arrays.fill(atom255, 4, atom255.length, (byte) 'a');
    bounds.check(atom255, 0, atom255.length);
  }

  @Test
  void anOffsetIntoALargerArrayIsHonoured() throws Exception {
    byte[] padded = bytes(9, 9, 131, 106, 9);
    TermBounds.REQUEST.check(padded, 2, 2);
    assertThatThrownBy(() -> TermBounds.REQUEST.check(padded, 2, 3))
        .hasMessageContaining("1 bytes after the term");
  }
}
