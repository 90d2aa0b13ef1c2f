/* frame.h: TCP segmentation offload done by the link, as a hypervisor does it. With the TAP
 * device's vnet header (IFF_VNET_HDR) and TSO offered (TUNSETOFFLOAD), the kernel hands linkem
 * one super-frame of up to 64 KB where it would have cut a TCP stream into wire-sized frames.
 * linkem cuts it itself (frame_segment), so loss, reordering and the rate still act on each
 * wire-sized segment, and writes the consecutive segments of one super-frame that leave in the
 * same wake-up as one super-frame again (frame_merge_header), so the receiving stack takes them
 * at once, as GRO would. Pure functions on bytes: the unit tests drive them without a device. */
#ifndef LINKEM_FRAME_H
#define LINKEM_FRAME_H

#include <linux/virtio_net.h>
#include <stddef.h>
#include <stdint.h>

#define ETH_HDR_LEN 14
#define TCP_CHECK_OFFSET 16

/* A frame as read: its vnet header's facts, and where its headers are when it is TCP */
typedef struct {
  uint8_t flags;     /* VIRTIO_NET_HDR_F_NEEDS_CSUM: the checksum is left to the receiver */
  uint8_t gso_type;  /* VIRTIO_NET_HDR_GSO_NONE, _TCPV4, _TCPV6, with _ECN */
  uint16_t csum_start, csum_offset;
  uint16_t mss;      /* gso_size: the payload of each wire segment */
  uint16_t l3, l4;   /* offsets of the IP and TCP headers */
  uint16_t hdr_len;  /* Ethernet + IP + TCP headers */
  uint32_t payload;  /* TCP payload bytes of the whole frame */
  uint32_t segments; /* wire-sized segments it is cut into (1 when not a super-frame) */
  int ipv6;
} frame_info_t;

/* Reads the vnet header and the frame. 0 ok (a super-frame, or any other frame as it is), -1
 * when a super-frame's headers are not IPv4 or IPv6 + TCP as announced (it cannot be cut). */
int frame_parse(const struct virtio_net_hdr *vh, const uint8_t *f, uint32_t len, frame_info_t *fi);

/* Writes segment i of super-frame f into out (room for hdr_len + mss bytes): the headers with
 * the IP length and id, the sequence number, the flags (CWR on the first, FIN and PSH on the
 * last) and the checksums of a frame on the wire (the IP header's complete, the TCP one left to
 * the receiver: the pseudo header's sum, VIRTIO_NET_HDR_F_NEEDS_CSUM). Returns its length. */
uint32_t frame_segment(const frame_info_t *fi, const uint8_t *f, uint32_t i, uint8_t *out);

/* Rewrites the headers hdr (of a segment, hdr_len bytes) for a run of consecutive segments
 * carrying payload bytes in all, whose last segment's TCP flags are last_flags; fills the vnet
 * header that makes it one super-frame of mss-sized segments again. */
void frame_merge_header(const frame_info_t *fi, uint8_t *hdr, uint32_t payload, uint8_t last_flags,
                        struct virtio_net_hdr *vh);

/* The TCP flags byte of a frame's header */
uint8_t frame_tcp_flags(const frame_info_t *fi, const uint8_t *f);

/* Completes a checksum the vnet header left to the receiver, in place (the frame then crosses
 * like any other: a corrupted bit is caught by the receiver, as on a wire). */
void frame_checksum_complete(uint8_t *f, uint32_t len, uint16_t csum_start, uint16_t csum_offset);

/* The Internet checksum (RFC 1071) of data, added to sum, not folded */
uint32_t frame_sum(uint32_t sum, const uint8_t *data, size_t len);
uint16_t frame_fold(uint32_t sum);

#endif
