package io.rpcxbench.protocols.javaser;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ObjectInputFilter;
import java.io.ObjectInputFilter.Status;
import org.junit.jupiter.api.Test;

/** The allow-lists' limits, which no flat request record can reach over the wire. */
class WireFiltersTest {

  private static ObjectInputFilter.FilterInfo info(
      Class<?> type, long depth, long refs, long array, long bytes) {
    return new ObjectInputFilter.FilterInfo() {
      @Override
      public Class<?> serialClass() {
        return type;
      }

      @Override
      public long arrayLength() {
        return array;
      }

      @Override
      public long depth() {
        return depth;
      }

      @Override
      public long references() {
        return refs;
      }

      @Override
      public long streamBytes() {
        return bytes;
      }
    };
  }

  @Test
  void requestsAdmitOnlyTheRequestRecordsWithinTheLimits() {
    ObjectInputFilter requests = WireFilters.requests();
    assertThat(requests.checkInput(info(Wire.PutRequest.class, 1, 1, -1, 100)))
        .isEqualTo(Status.ALLOWED);
    assertThat(requests.checkInput(info(Wire.PutReply.class, 1, 1, -1, 100)))
        .isEqualTo(Status.REJECTED);
    assertThat(requests.checkInput(info(Wire.PutRequest.class, 4, 1, -1, 100)))
        .as("depth")
        .isEqualTo(Status.REJECTED);
    assertThat(requests.checkInput(info(Wire.PutRequest.class, 1, 17, -1, 100)))
        .as("references")
        .isEqualTo(Status.REJECTED);
    assertThat(
            requests.checkInput(
                info(Wire.PutRequest.class, 1, 1, -1, WireFilters.MAX_REQUEST_BYTES + 1L)))
        .as("bytes")
        .isEqualTo(Status.REJECTED);
    assertThat(requests.checkInput(info(String[].class, 1, 1, -1, 100)))
        .as("no String[] in requests")
        .isEqualTo(Status.REJECTED);
  }

  @Test
  void repliesAdmitTheReplyRecordsAndNothingElse() {
    ObjectInputFilter replies = WireFilters.replies();
    assertThat(replies.checkInput(info(Wire.ItemsReply.class, 1, 1, -1, 100)))
        .isEqualTo(Status.ALLOWED);
    assertThat(replies.checkInput(info(String[].class, 4, 50, 3, 100))).isEqualTo(Status.ALLOWED);
    assertThat(replies.checkInput(info(Wire.HelloRequest.class, 1, 1, -1, 100)))
        .isEqualTo(Status.REJECTED);
    assertThat(replies.checkInput(info(java.util.HashMap.class, 1, 1, -1, 100)))
        .isEqualTo(Status.REJECTED);
  }

  @Test
  void theFilterSaysWhatItRejected() {
    WireFilters.RecordingFilter filter = WireFilters.requests();
    filter.checkInput(info(java.util.HashMap.class, 1, 1, -1, 10));
    assertThat(filter.rejected()).startsWith("rejected class java.util.HashMap (depth 1");
  }
}
