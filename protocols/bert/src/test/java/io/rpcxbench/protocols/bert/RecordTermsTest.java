package io.rpcxbench.protocols.bert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.ericsson.otp.erlang.OtpErlangAtom;
import com.ericsson.otp.erlang.OtpErlangBinary;
import com.ericsson.otp.erlang.OtpErlangLong;
import com.ericsson.otp.erlang.OtpErlangObject;
import com.ericsson.otp.erlang.OtpErlangTuple;
import com.google.protobuf.BoolValue;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.StringValue;
import com.google.protobuf.UInt64Value;
import org.junit.jupiter.api.Test;

/** A record as terms and back; a term that does not fit the schema is one clear line. */
class RecordTermsTest {
  @Test
  void aRecordIsATupleOfItsFieldsAndComesBack() {
    StringValue record = StringValue.of("accepted");
    OtpErlangObject term = RecordTerms.toTerm(record);
    assertThat(term).isInstanceOf(OtpErlangTuple.class);
    assertThat(((OtpErlangTuple) term).elementAt(0)).isInstanceOf(OtpErlangBinary.class);
    assertThat(RecordTerms.fromTerm(StringValue.getDescriptor(), term))
        .isEqualTo(DynamicMessage.newBuilder(record).build());
  }

  @Test
  void anUnsignedSixtyFourBitValueKeepsItsValue() {
    UInt64Value max = UInt64Value.of(-1L); // 2^64 - 1
    OtpErlangObject term = RecordTerms.toTerm(max);
    assertThat(((OtpErlangLong) ((OtpErlangTuple) term).elementAt(0)).bigIntegerValue())
        .isEqualTo(new java.math.BigInteger("18446744073709551615"));
    assertThat(
            RecordTerms.fromTerm(UInt64Value.getDescriptor(), term)
                .getField(UInt64Value.getDescriptor().findFieldByName("value")))
        .isEqualTo(-1L);
  }

  @Test
  void aTermThatDoesNotFitTheSchemaNamesTheFieldAndWhatWasThere() {
    OtpErlangObject notABool =
        new OtpErlangTuple(new OtpErlangObject[] {new OtpErlangAtom("maybe")});
    assertThatThrownBy(() -> RecordTerms.fromTerm(BoolValue.getDescriptor(), notABool))
        .isInstanceOf(RecordTerms.RecordTermException.class)
        .hasMessage("google.protobuf.BoolValue.value: expected true or false, got a atom");
    assertThatThrownBy(() -> RecordTerms.fromTerm(BoolValue.getDescriptor(), new OtpErlangLong(1)))
        .hasMessage("google.protobuf.BoolValue: expected a tuple of 1 fields, got a long");
    OtpErlangObject tooBig =
        new OtpErlangTuple(
            new OtpErlangObject[] {new OtpErlangLong(java.math.BigInteger.ONE.shiftLeft(64))});
    assertThatThrownBy(() -> RecordTerms.fromTerm(UInt64Value.getDescriptor(), tooBig))
        .hasMessageContaining("expected a 64-bit integer");
  }
}
