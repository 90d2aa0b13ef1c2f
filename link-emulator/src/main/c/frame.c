/* frame.c: a TCP super-frame cut into wire-sized segments and joined again (frame.h) */
#include "frame.h"

#include <string.h>

#define TCP_FIN 0x01
#define TCP_PSH 0x08
#define TCP_CWR 0x80

static uint16_t get16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static void put16(uint8_t *p, uint16_t v) {
  p[0] = (uint8_t)(v >> 8);
  p[1] = (uint8_t)v;
}
static uint32_t get32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static void put32(uint8_t *p, uint32_t v) {
  put16(p, (uint16_t)(v >> 16));
  put16(p + 2, (uint16_t)v);
}

uint32_t frame_sum(uint32_t sum, const uint8_t *data, size_t len) {
  size_t i = 0;
  for (; i + 1 < len; i += 2) sum += get16(data + i);
  if (i < len) sum += (uint32_t)data[i] << 8;
  return sum;
}

uint16_t frame_fold(uint32_t sum) {
  while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
  return (uint16_t)sum;
}

int frame_parse(const struct virtio_net_hdr *vh, const uint8_t *f, uint32_t len, frame_info_t *fi) {
  memset(fi, 0, sizeof *fi);
  fi->flags = vh->flags;
  fi->gso_type = vh->gso_type;
  fi->csum_start = vh->csum_start;
  fi->csum_offset = vh->csum_offset;
  fi->segments = 1;
  uint8_t kind = vh->gso_type & (uint8_t)~VIRTIO_NET_HDR_GSO_ECN;
  if (kind == VIRTIO_NET_HDR_GSO_NONE) return 0;
  if (len < ETH_HDR_LEN + 20 || vh->gso_size == 0) return -1;
  fi->l3 = ETH_HDR_LEN;
  uint16_t ethertype = get16(f + 12);
  if (kind == VIRTIO_NET_HDR_GSO_TCPV4 && ethertype == 0x0800) {
    uint32_t ihl = (uint32_t)(f[fi->l3] & 0x0f) * 4;
    if ((f[fi->l3] >> 4) != 4 || ihl < 20 || f[fi->l3 + 9] != 6) return -1;
    fi->l4 = (uint16_t)(fi->l3 + ihl);
  } else if (kind == VIRTIO_NET_HDR_GSO_TCPV6 && ethertype == 0x86dd) {
    if ((f[fi->l3] >> 4) != 6 || f[fi->l3 + 6] != 6) return -1; /* no extension headers */
    fi->l4 = (uint16_t)(fi->l3 + 40);
  } else {
    return -1;
  }
  if (len < (uint32_t)fi->l4 + 20) return -1;
  uint32_t thl = (uint32_t)(f[fi->l4 + 12] >> 4) * 4;
  if (thl < 20 || len < fi->l4 + thl) return -1;
  fi->ipv6 = kind == VIRTIO_NET_HDR_GSO_TCPV6;
  fi->hdr_len = (uint16_t)(fi->l4 + thl);
  fi->mss = vh->gso_size;
  fi->payload = len - fi->hdr_len;
  fi->segments = fi->payload ? (fi->payload + fi->mss - 1) / fi->mss : 1;
  fi->csum_start = fi->l4;
  fi->csum_offset = TCP_CHECK_OFFSET;
  return 0;
}

/* the IP lengths, the IPv4 header's checksum, and the TCP pseudo header's sum for payload bytes */
static void set_lengths(const frame_info_t *fi, uint8_t *h, uint32_t payload) {
  uint32_t tcp_len = fi->hdr_len - fi->l4 + payload;
  uint32_t sum;
  if (fi->ipv6) {
    put16(h + fi->l3 + 4, (uint16_t)tcp_len);
    sum = frame_sum(0, h + fi->l3 + 8, 32) + 6 + (tcp_len >> 16) + (tcp_len & 0xffff);
  } else {
    put16(h + fi->l3 + 2, (uint16_t)(fi->l4 - fi->l3 + tcp_len));
    put16(h + fi->l3 + 10, 0);
    put16(h + fi->l3 + 10, (uint16_t)~frame_fold(frame_sum(0, h + fi->l3, fi->l4 - fi->l3)));
    sum = frame_sum(0, h + fi->l3 + 12, 8) + 6 + tcp_len;
  }
  put16(h + fi->l4 + TCP_CHECK_OFFSET, frame_fold(sum));
}

uint32_t frame_segment(const frame_info_t *fi, const uint8_t *f, uint32_t i, uint8_t *out) {
  uint32_t off = i * fi->mss;
  uint32_t len = fi->payload - off < fi->mss ? fi->payload - off : fi->mss;
  memcpy(out, f, fi->hdr_len);
  memcpy(out + fi->hdr_len, f + fi->hdr_len + off, len);
  if (!fi->ipv6) put16(out + fi->l3 + 4, (uint16_t)(get16(f + fi->l3 + 4) + i)); /* as the kernel's GSO */
  put32(out + fi->l4 + 4, get32(f + fi->l4 + 4) + off);
  uint8_t flags = f[fi->l4 + 13];
  if (i > 0) flags &= (uint8_t)~TCP_CWR;
  if (i + 1 < fi->segments) flags &= (uint8_t)~(TCP_FIN | TCP_PSH);
  out[fi->l4 + 13] = flags;
  set_lengths(fi, out, len);
  return fi->hdr_len + len;
}

uint8_t frame_tcp_flags(const frame_info_t *fi, const uint8_t *f) { return f[fi->l4 + 13]; }

void frame_merge_header(const frame_info_t *fi, uint8_t *hdr, uint32_t payload, uint8_t last_flags,
                        struct virtio_net_hdr *vh) {
  uint8_t *flags = hdr + fi->l4 + 13;
  *flags = (uint8_t)((*flags & ~(TCP_FIN | TCP_PSH)) | (last_flags & (TCP_FIN | TCP_PSH)));
  set_lengths(fi, hdr, payload);
  memset(vh, 0, sizeof *vh);
  vh->flags = VIRTIO_NET_HDR_F_NEEDS_CSUM;
  vh->gso_type = fi->gso_type;
  vh->hdr_len = fi->hdr_len;
  vh->gso_size = fi->mss;
  vh->csum_start = fi->l4;
  vh->csum_offset = TCP_CHECK_OFFSET;
}

void frame_checksum_complete(uint8_t *f, uint32_t len, uint16_t csum_start, uint16_t csum_offset) {
  if ((uint32_t)csum_start + csum_offset + 2 > len) return;
  uint16_t c = (uint16_t)~frame_fold(frame_sum(0, f + csum_start, len - csum_start));
  if (c == 0 && csum_offset == 6) c = 0xffff; /* UDP: 0 would mean no checksum */
  put16(f + csum_start + csum_offset, c);
}
