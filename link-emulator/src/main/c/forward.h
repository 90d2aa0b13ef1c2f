/* forward.h: one direction of the link between two TAP devices: frames read from one (cut into
 * wire-sized segments when the device hands over super-frames), through the model, and written
 * to the other when due, the segments of one super-frame that leave together joined again. */
#ifndef LINKEM_FORWARD_H
#define LINKEM_FORWARD_H

#include <stdint.h>

#include "model.h"

#define LATE_BUCKETS 20000 /* 1 us each, then 1 ms each up to LATE_MAX_MS */
#define LATE_MAX_MS 60000

/* how late releases were: microseconds to 20 ms, milliseconds beyond (to a minute), the maximum */
typedef struct {
  uint64_t n, b[LATE_BUCKETS], slow[LATE_MAX_MS];
  int64_t max;
} late_hist_t;
void late_add(late_hist_t *h, int64_t ns);
double late_pct(const late_hist_t *h, double q); /* microseconds */

typedef struct {
  const char *name; /* up: A -> B; down: B -> A */
  int in_fd, out_fd;
  int vnet;          /* both devices carry the vnet header (--offload on) */
  int complete_csum; /* corruption is on: checksums completed before the model flips a bit */
  link_t link;
  late_hist_t late;
  uint64_t reads, writes, write_errors, bad_frames, next_frame;
} direction_t;

/* reads the frames waiting on d's input into the model until none is left, or a packet of this
 * direction or of the other (due at other_due) is due: a burst of super-frames (45 segments each)
 * never holds a release back; 0, or -1 when the device failed */
int forward_read(direction_t *d, unsigned char *buf, size_t cap, int64_t other_due, int64_t (*now)(void));
/* writes every packet due now, as few writes as the segments allow; counts lateness in d's
 * histogram and in also */
void forward_release(direction_t *d, late_hist_t *also, int64_t (*now)(void));

#endif
