/* forward.c: reading, cutting, joining and writing frames for one direction (forward.h) */
#include "forward.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#define BATCH_MAX 256
#define RUN_MAX 64        /* segments joined into one write at most */
#define IP_MAX 65535      /* an IP packet's length field */
#define HDR_MAX 256

void late_add(late_hist_t *h, int64_t ns) {
  if (ns < 0) ns = 0;
  int64_t us = ns / 1000;
  if (us < LATE_BUCKETS) {
    h->b[us]++;
  } else {
    int64_t ms = ns / 1000000;
    h->slow[ms < LATE_MAX_MS ? ms : LATE_MAX_MS - 1]++;
  }
  h->n++;
  if (ns > h->max) h->max = ns;
}

double late_pct(const late_hist_t *h, double q) {
  if (!h->n) return 0;
  uint64_t want = (uint64_t)(q * (double)h->n), seen = 0;
  for (int i = 0; i < LATE_BUCKETS; i++) {
    seen += h->b[i];
    if (seen > want) return i + 0.5;
  }
  for (int i = LATE_BUCKETS / 1000; i < LATE_MAX_MS; i++) {
    seen += h->slow[i];
    if (seen > want) return (i + 0.5) * 1000.0;
  }
  return h->max / 1e3;
}

/* one frame as read: as it is, or its wire-sized segments, into the model */
static int arrive(direction_t *d, const unsigned char *buf, size_t n, int64_t now) {
  if (!d->vnet) {
    packet_t *p = packet_new(buf, (uint32_t)n, 0);
    if (!p) return -1;
    link_arrive(&d->link, p, now);
    return 0;
  }
  struct virtio_net_hdr vh;
  frame_info_t fi;
  const unsigned char *f = buf + sizeof vh;
  uint32_t len = (uint32_t)(n - sizeof vh);
  if (n < sizeof vh + ETH_HDR_LEN) {
    d->bad_frames++;
    return 0;
  }
  memcpy(&vh, buf, sizeof vh);
  if (frame_parse(&vh, f, len, &fi) < 0) {
    d->bad_frames++;
    return 0;
  }
  int cut = (fi.gso_type & (uint8_t)~VIRTIO_NET_HDR_GSO_ECN) != VIRTIO_NET_HDR_GSO_NONE;
  uint64_t id = cut && fi.segments > 1 ? ++d->next_frame : 0;
  for (uint32_t s = 0; s < fi.segments; s++) {
    packet_t *p;
    if (cut) {
      uint32_t left = fi.payload - s * fi.mss;
      p = packet_alloc(fi.hdr_len + (left < fi.mss ? left : fi.mss), 0);
      if (!p) return -1;
      p->len = p->left = frame_segment(&fi, f, s, p->data);
    } else {
      p = packet_new(f, len, 0);
      if (!p) return -1;
    }
    p->origin.id = id;
    p->origin.segment = s;
    p->origin.info = fi;
    if (d->complete_csum) {
      if (fi.flags & VIRTIO_NET_HDR_F_NEEDS_CSUM) frame_checksum_complete(p->data, p->len, fi.csum_start, fi.csum_offset);
      p->origin.info.flags = 0; /* the receiver checks it, so a flipped bit is caught */
    }
    link_arrive(&d->link, p, now);
  }
  return 0;
}

int forward_read(direction_t *d, unsigned char *buf, size_t cap, int64_t other_due, int64_t (*now)(void)) {
  for (int i = 0; i < 256; i++) {
    ssize_t n = read(d->in_fd, buf, cap);
    if (n < 0) return (errno == EAGAIN || errno == EINTR) ? 0 : -1;
    if (n == 0) return 0;
    d->reads++;
    int64_t t = now();
    if (arrive(d, buf, (size_t)n, t) < 0) return -1;
    int64_t due = link_next(&d->link);
    if ((due < other_due ? due : other_due) <= t) return 0;
  }
  return 0;
}

static void put(direction_t *d, struct iovec *iov, int n) {
  if (writev(d->out_fd, iov, n) < 0) d->write_errors++;
  else d->writes++;
}

static void write_one(direction_t *d, packet_t *p) {
  if (!d->vnet) {
    struct iovec iov = {p->data, p->len};
    put(d, &iov, 1);
    return;
  }
  struct virtio_net_hdr vh = {.flags = p->origin.info.flags,
                              .gso_type = VIRTIO_NET_HDR_GSO_NONE,
                              .csum_start = p->origin.info.csum_start,
                              .csum_offset = p->origin.info.csum_offset};
  struct iovec iov[2] = {{&vh, sizeof vh}, {p->data, p->len}};
  put(d, iov, 2);
}

/* segments run[0..n) of one super-frame, consecutive, as one super-frame */
static void write_run(direction_t *d, packet_t **run, size_t n, uint32_t payload) {
  const frame_info_t *fi = &run[0]->origin.info;
  unsigned char hdr[HDR_MAX];
  struct virtio_net_hdr vh;
  struct iovec iov[RUN_MAX + 2];
  memcpy(hdr, run[0]->data, fi->hdr_len);
  frame_merge_header(fi, hdr, payload, frame_tcp_flags(fi, run[n - 1]->data), &vh);
  iov[0] = (struct iovec){&vh, sizeof vh};
  iov[1] = (struct iovec){hdr, fi->hdr_len};
  for (size_t i = 0; i < n; i++) iov[2 + i] = (struct iovec){run[i]->data + fi->hdr_len, run[i]->len - fi->hdr_len};
  put(d, iov, (int)n + 2);
}

/* whether b continues a's super-frame on the wire (neither checksummed here: both left to the
 * receiver, as a super-frame's segments must be) */
static int continues(const packet_t *a, const packet_t *b) {
  return b->origin.id != 0 && b->origin.id == a->origin.id && b->origin.segment == a->origin.segment + 1 &&
         (a->origin.info.flags & VIRTIO_NET_HDR_F_NEEDS_CSUM) && (b->origin.info.flags & VIRTIO_NET_HDR_F_NEEDS_CSUM);
}

static void write_batch(direction_t *d, packet_t **batch, size_t n) {
  for (size_t k = 0; k < n;) {
    size_t j = k + 1;
    const frame_info_t *fi = &batch[k]->origin.info;
    uint32_t payload = batch[k]->len - fi->hdr_len;
    if (d->vnet && batch[k]->origin.id) {
      while (j < n && j - k < RUN_MAX && continues(batch[j - 1], batch[j]) &&
             (uint32_t)(fi->hdr_len - fi->l3) + payload + (batch[j]->len - fi->hdr_len) <= IP_MAX) {
        payload += batch[j]->len - fi->hdr_len;
        j++;
      }
    }
    if (j - k == 1) write_one(d, batch[k]);
    else write_run(d, batch + k, j - k, payload);
    for (size_t i = k; i < j; i++) free(batch[i]);
    k = j;
  }
}

void forward_release(direction_t *d, late_hist_t *also, int64_t (*now)(void)) {
  static packet_t *batch[BATCH_MAX];
  for (;;) {
    int64_t t = now();
    size_t n = 0;
    packet_t *p;
    while (n < BATCH_MAX && (p = link_due(&d->link, t))) {
      late_add(&d->late, t - p->t);
      late_add(also, t - p->t);
      batch[n++] = p;
    }
    if (n) write_batch(d, batch, n);
    if (n < BATCH_MAX) return;
  }
}
