/* frame_test: a TCP super-frame cut into wire-sized segments as the kernel's GSO cuts it, and
 * consecutive segments joined again, checked byte by byte with checksums computed here from
 * scratch (no devices). A test is a function; CHECK records a failure with its line and goes on;
 * the exit status is the number of failed tests. */
#include <stdio.h>
#include <string.h>

#include "frame.h"

#include "check.h"

#define PAYLOAD 5000
#define MSS 1448
#define TCP_HDR 32 /* with 12 bytes of options */

static unsigned g16(const unsigned char *p) { return (unsigned)(p[0] << 8 | p[1]); }
static unsigned long g32(const unsigned char *p) { return (unsigned long)g16(p) << 16 | g16(p + 2); }

/* a super-frame as the kernel hands it over: Ethernet, IPv4 or IPv6, TCP with options, payload */
static uint32_t super_frame(unsigned char *f, int ipv6, unsigned char flags, struct virtio_net_hdr *vh) {
  memset(f, 0, 14 + 40 + TCP_HDR);
  f[12] = ipv6 ? 0x86 : 0x08;
  f[13] = ipv6 ? 0xdd : 0x00;
  unsigned char *ip = f + 14;
  uint32_t l4 = ipv6 ? 54 : 34;
  uint32_t tcp_len = TCP_HDR + PAYLOAD;
  if (ipv6) {
    ip[0] = 0x60;
    ip[4] = (unsigned char)(tcp_len >> 8);
    ip[5] = (unsigned char)tcp_len;
    ip[6] = 6;
    ip[7] = 64;
    for (int i = 0; i < 16; i++) ip[8 + i] = (unsigned char)(0x20 + i), ip[24 + i] = (unsigned char)(0x40 + i);
  } else {
    ip[0] = 0x45;
    ip[2] = (unsigned char)((20 + tcp_len) >> 8);
    ip[3] = (unsigned char)(20 + tcp_len);
    ip[4] = 0x12, ip[5] = 0x34; /* id */
    ip[6] = 0x40;               /* DF */
    ip[8] = 64, ip[9] = 6;
    ip[12] = 198, ip[13] = 18, ip[14] = 0, ip[15] = 1;
    ip[16] = 198, ip[17] = 18, ip[18] = 0, ip[19] = 2;
  }
  unsigned char *th = f + l4;
  th[0] = 0x9c, th[1] = 0x40, th[2] = 0x1f, th[3] = 0x90;
  th[4] = 0xff, th[5] = 0xff, th[6] = 0xfc, th[7] = 0x00; /* seq near the wrap */
  th[8] = 0, th[9] = 0, th[10] = 0x10, th[11] = 0;
  th[12] = (TCP_HDR / 4) << 4;
  th[13] = flags;
  th[14] = 0xfa, th[15] = 0xf0;
  th[20] = 1, th[21] = 1, th[22] = 8, th[23] = 10; /* NOP NOP timestamps */
  for (int i = 0; i < PAYLOAD; i++) f[l4 + TCP_HDR + i] = (unsigned char)(i * 7 + 3);
  memset(vh, 0, sizeof *vh);
  vh->flags = VIRTIO_NET_HDR_F_NEEDS_CSUM;
  vh->gso_type = ipv6 ? VIRTIO_NET_HDR_GSO_TCPV6 : VIRTIO_NET_HDR_GSO_TCPV4;
  vh->gso_size = MSS;
  vh->hdr_len = (uint16_t)(l4 + TCP_HDR);
  vh->csum_start = (uint16_t)l4;
  vh->csum_offset = 16;
  return l4 + TCP_HDR + PAYLOAD;
}

/* the TCP checksum checked from scratch: pseudo header + segment folds to 0xffff */
static int tcp_checksum_ok(const unsigned char *f, uint32_t len, int ipv6) {
  uint32_t l4 = ipv6 ? 54 : 34, tcp_len = len - l4, sum = 0;
  if (ipv6) sum = frame_sum(0, f + 14 + 8, 32) + tcp_len + 6;
  else sum = frame_sum(0, f + 14 + 12, 8) + tcp_len + 6;
  return frame_fold(frame_sum(sum, f + l4, tcp_len)) == 0xffff;
}

static int ipv4_checksum_ok(const unsigned char *f) { return frame_fold(frame_sum(0, f + 14, 20)) == 0xffff; }

static void test_a_super_frame_is_cut_as_the_kernels_gso_cuts_it(void) {
  static unsigned char f[70000], seg[2000];
  struct virtio_net_hdr vh;
  uint32_t len = super_frame(f, 0, 0x80 | 0x10 | 0x08 | 0x01, &vh); /* CWR ACK PSH FIN */
  frame_info_t fi;
  CHECK(frame_parse(&vh, f, len, &fi) == 0, "parse");
  CHECK(fi.segments == 4, "%u segments", fi.segments);
  CHECK(fi.hdr_len == 66 && fi.l4 == 34 && fi.mss == MSS && fi.payload == PAYLOAD, "hdr %u l4 %u", fi.hdr_len, fi.l4);
  uint32_t sent = 0;
  for (uint32_t i = 0; i < fi.segments; i++) {
    uint32_t n = frame_segment(&fi, f, i, seg), want = PAYLOAD - sent < MSS ? PAYLOAD - sent : MSS;
    CHECK(n == 66 + want, "segment %u: %u bytes", i, n);
    CHECK(g16(seg + 16) == 52 + want, "segment %u: IP length %u", i, g16(seg + 16));
    CHECK(g16(seg + 18) == 0x1234 + i, "segment %u: IP id %#x", i, g16(seg + 18));
    CHECK(ipv4_checksum_ok(seg), "segment %u: IP checksum", i);
    CHECK(g32(seg + 38) == ((0xfffffc00UL + sent) & 0xffffffffUL), "segment %u: seq %#lx", i, g32(seg + 38));
    unsigned char fl = seg[34 + 13];
    CHECK(((fl & 0x80) != 0) == (i == 0), "segment %u: CWR only on the first (%#x)", i, fl);
    CHECK(((fl & 0x09) == 0x09) == (i == 3) && ((fl & 0x09) == 0 || i == 3), "segment %u: FIN PSH only on the last (%#x)", i, fl);
    CHECK(memcmp(seg + 66, f + 66 + sent, want) == 0, "segment %u: payload", i);
    CHECK(memcmp(seg + 34 + 20, f + 34 + 20, 12) == 0, "segment %u: options kept", i);
    frame_checksum_complete(seg, n, fi.csum_start, fi.csum_offset);
    CHECK(tcp_checksum_ok(seg, n, 0), "segment %u: TCP checksum once completed", i);
    sent += want;
  }
}

static void test_consecutive_segments_join_into_one_super_frame(void) {
  static unsigned char f[70000], seg[4][2000], joined[70000];
  struct virtio_net_hdr vh, out;
  uint32_t len = super_frame(f, 0, 0x10 | 0x08, &vh), n[4];
  frame_info_t fi;
  frame_parse(&vh, f, len, &fi);
  for (uint32_t i = 0; i < 4; i++) n[i] = frame_segment(&fi, f, i, seg[i]);
  /* segments 1 to 3, as linkem writes them: segment 1's headers rewritten, then the payloads */
  uint32_t payload = (n[1] - 66) + (n[2] - 66) + (n[3] - 66);
  memcpy(joined, seg[1], 66);
  frame_merge_header(&fi, joined, payload, frame_tcp_flags(&fi, seg[3]), &out);
  uint32_t at = 66;
  for (int i = 1; i < 4; i++) memcpy(joined + at, seg[i] + 66, n[i] - 66), at += n[i] - 66;
  CHECK(out.gso_type == VIRTIO_NET_HDR_GSO_TCPV4 && out.gso_size == MSS && out.hdr_len == 66, "vnet %u %u %u",
        out.gso_type, out.gso_size, out.hdr_len);
  CHECK(out.flags == VIRTIO_NET_HDR_F_NEEDS_CSUM && out.csum_start == 34 && out.csum_offset == 16, "csum");
  CHECK(g16(joined + 16) == 52 + payload, "IP length %u", g16(joined + 16));
  CHECK(ipv4_checksum_ok(joined), "IP checksum");
  CHECK(g32(joined + 38) == ((0xfffffc00UL + MSS) & 0xffffffffUL), "seq %#lx", g32(joined + 38));
  CHECK((joined[47] & 0x08) == 0x08, "PSH of the last segment kept (%#x)", joined[47]);
  CHECK(memcmp(joined + 66, f + 66 + MSS, payload) == 0, "payload");
  frame_checksum_complete(joined, at, out.csum_start, out.csum_offset);
  CHECK(tcp_checksum_ok(joined, at, 0), "TCP checksum once completed");
}

static void test_ipv6_super_frames_too(void) {
  static unsigned char f[70000], seg[2000];
  struct virtio_net_hdr vh;
  uint32_t len = super_frame(f, 1, 0x10, &vh);
  frame_info_t fi;
  CHECK(frame_parse(&vh, f, len, &fi) == 0 && fi.ipv6 && fi.l4 == 54 && fi.segments == 4, "parse");
  uint32_t n = frame_segment(&fi, f, 3, seg);
  CHECK(n == 54 + TCP_HDR + (PAYLOAD - 3 * MSS), "%u bytes", n);
  CHECK(g16(seg + 18) == TCP_HDR + PAYLOAD - 3 * MSS, "payload length %u", g16(seg + 18));
  frame_checksum_complete(seg, n, fi.csum_start, fi.csum_offset);
  CHECK(tcp_checksum_ok(seg, n, 1), "TCP checksum once completed");
}

static void test_frames_that_cannot_be_cut_are_refused_and_others_pass(void) {
  static unsigned char f[70000];
  struct virtio_net_hdr vh;
  frame_info_t fi;
  uint32_t len = super_frame(f, 0, 0x10, &vh);
  f[14 + 9] = 17; /* UDP announced as TCP */
  CHECK(frame_parse(&vh, f, len, &fi) < 0, "UDP under TCPV4");
  len = super_frame(f, 0, 0x10, &vh);
  vh.gso_size = 0;
  CHECK(frame_parse(&vh, f, len, &fi) < 0, "no gso_size");
  len = super_frame(f, 1, 0x10, &vh);
  f[14 + 6] = 0; /* a hop-by-hop extension header */
  CHECK(frame_parse(&vh, f, len, &fi) < 0, "IPv6 extension header");
  len = super_frame(f, 0, 0x10, &vh);
  vh.gso_type = VIRTIO_NET_HDR_GSO_TCPV6; /* IPv4 frame announced as IPv6 */
  CHECK(frame_parse(&vh, f, len, &fi) < 0, "TCPV6 on IPv4");
  len = super_frame(f, 0, 0x10, &vh);
  CHECK(frame_parse(&vh, f, 40, &fi) < 0, "cut short");
  memset(&vh, 0, sizeof vh);
  f[12] = 0x08, f[13] = 0x06; /* ARP */
  CHECK(frame_parse(&vh, f, 42, &fi) == 0 && fi.segments == 1 && fi.flags == 0, "ARP passes as it is");
}

int main(void) {
  RUN(test_a_super_frame_is_cut_as_the_kernels_gso_cuts_it);
  RUN(test_consecutive_segments_join_into_one_super_frame);
  RUN(test_ipv6_super_frames_too);
  RUN(test_frames_that_cannot_be_cut_are_refused_and_others_pass);
  printf("frame tests: %d run, %d failed\n", tests, failed_tests);
  return failed_tests;
}
