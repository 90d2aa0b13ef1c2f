/* model.h: one direction of an emulated link, as pure functions of a clock the caller passes
 * in (nanoseconds), so the unit tests drive it with a synthetic clock and linkem.c with
 * CLOCK_MONOTONIC. A packet crosses: on/off outage and loss and duplication (at arrival), the
 * bottleneck (a FIFO served at the rate or by a Mahimahi trace, bounded in packets and bytes:
 * full means a tail drop), then the delay line (delay + jitter, or sent at once when reordered).
 * Parameters are netem's (tc-netem(8)); see docs/network-profiles.md. */
#ifndef LINKEM_MODEL_H
#define LINKEM_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "frame.h"

#define NS_PER_US 1000LL
#define NS_PER_MS 1000000LL
#define NS_PER_S 1000000000LL
/* Mahimahi: each line of a trace is one delivery opportunity of one MTU-sized packet */
#define TRACE_OPPORTUNITY_BYTES 1504
/* the rate's burst: a frame that waited in the rate's queue may leave up to this much before its
 * time (never before it arrived plus its own time on the wire), so one wake-up releases a
 * millisecond of a backlog; the output keeps to a token bucket of 1 ms at the rate plus a frame,
 * which the lab's tbf allows too (its burst: 1 ms at the rate, at least two frames) */
#define RATE_EARLY_NS NS_PER_MS

/* xoshiro256** seeded by splitmix64: fast, and reproducible from --seed */
typedef struct {
  uint64_t s[4];
} rng_t;
void rng_seed(rng_t *r, uint64_t seed);
uint64_t rng_next(rng_t *r);
double rng_uniform(rng_t *r); /* [0, 1) */

/* netem's correlated uniform (get_crandom): next = u * (1 - rho) + last * rho */
typedef struct {
  double rho;
  double last;
} corr_t;
double corr_next(corr_t *c, rng_t *r);

enum dist { DIST_UNIFORM, DIST_NORMAL, DIST_PARETO, DIST_PARETONORMAL };
/* a standard sample (mean 0, standard deviation 1; uniform: [-1, 1)) from uniform u */
double dist_sample(enum dist d, double u, rng_t *r);
double normal_inv_cdf(double p);

enum loss_kind { LOSS_NONE, LOSS_RANDOM, LOSS_GEMODEL };
typedef struct {
  enum loss_kind kind;
  double p; /* random: loss probability; gemodel: good -> bad */
  corr_t corr;
  double r;        /* gemodel: bad -> good */
  double bad_loss; /* gemodel: 1-h, loss probability in the bad state */
  double good_loss;/* gemodel: 1-k, loss probability in the good state */
  int bad;
} loss_t;
int loss_drop(loss_t *l, rng_t *r);
double loss_expected(const loss_t *l); /* the long-run loss share */

typedef struct {
  int64_t *t_ns; /* opportunity times within one period, ascending */
  int *count;    /* opportunities at that time */
  size_t n;
  int64_t period_ns;
} trace_t;
int trace_load(trace_t *t, const char *path, char *err, size_t errlen);

/* netem's parameters for one direction, plus the bottleneck's byte limit, a trace and outages */
typedef struct {
  int64_t delay_ns, jitter_ns;
  double delay_corr;
  enum dist dist;
  loss_t loss;
  double duplicate, duplicate_corr;
  double reorder, reorder_corr;
  int reorder_gap;
  double corrupt, corrupt_corr;
  uint64_t rate_bps; /* 0: not limited */
  int rate_overhead; /* bytes added to each packet for the rate (netem's packetoverhead) */
  int limit_pkts;    /* the bottleneck queue, packets (netem's limit) */
  uint64_t limit_bytes; /* and bytes, 0: none */
  char trace_path[512];
  int64_t on_ns, off_ns; /* outages: on for on_ns, off for off_ns; 0: always on */
  int onoff_exp;          /* on/off times exponentially distributed around those means */
} link_params_t;

void params_default(link_params_t *p);
/* netem's words (delay 20ms 2ms 25% distribution normal loss random 1% ...) into p; 0 ok, -1
 * with one line in err */
int params_parse(link_params_t *p, int argc, char **argv, char *err, size_t errlen);
int params_parse_string(link_params_t *p, const char *line, char *err, size_t errlen);
void params_format(const link_params_t *p, char *out, size_t outlen);

typedef struct packet {
  struct packet *next; /* the bottleneck FIFO */
  int64_t arrival;
  int64_t t;           /* when it leaves: the bottleneck, then the delay line */
  int64_t early;       /* how much before t it may leave: the time it queued at the rate, at most RATE_EARLY_NS */
  uint64_t seq;
  uint32_t len;
  uint32_t left;       /* bytes a trace has still to deliver */
  /* the forwarding loop's: the super-frame it was cut from (id 0: none) and its place there;
   * the model copies it with a duplicate and never reads it */
  struct {
    uint64_t id;
    uint32_t segment;
    frame_info_t info;
  } origin;
  unsigned char data[];
} packet_t;
/* a packet of len bytes, uninitialised data, no origin */
packet_t *packet_alloc(uint32_t len, int64_t arrival);
packet_t *packet_new(const void *data, uint32_t len, int64_t arrival);

typedef struct {
  uint64_t in, out, lost, queue_drops, duplicated, reordered, corrupted;
  uint64_t bytes_in, bytes_out;
  uint64_t max_queue_pkts, max_queue_bytes;
} link_counters_t;

typedef struct {
  link_params_t p;
  rng_t rng;
  corr_t delay_corr, dup_corr, reorder_corr, corrupt_corr;
  int reorder_count;
  trace_t trace;
  int64_t origin; /* trace and outage time zero */
  /* outages: the current cycle */
  int64_t cycle_on, cycle_off, cycle_end;
  /* the bottleneck */
  packet_t *head, *tail;
  size_t q_pkts;
  uint64_t q_bytes;
  int64_t last_departure;
  int64_t opp_abs;  /* trace: the current opportunity (index over all periods) */
  int64_t opp_left; /* bytes left in it */
  /* the delay line: a binary heap on (t, seq) */
  packet_t **heap;
  size_t heap_n, heap_cap;
  uint64_t seq;
  link_counters_t c;
} link_t;

int link_init(link_t *l, const link_params_t *p, uint64_t seed, int64_t origin, char *err, size_t errlen);
void link_free(link_t *l);
/* a frame arrives at now: takes ownership of pkt (frees what it drops) */
void link_arrive(link_t *l, packet_t *pkt, int64_t now);
/* the next packet due at or before now, or NULL; pkt->t is when it was due (a frame that queued
 * at the rate is due from pkt->t - pkt->early: the burst) */
packet_t *link_due(link_t *l, int64_t now);
/* when the next packet is due, its burst not counted (INT64_MAX: nothing queued): a wake-up then
 * releases it and whatever the burst lets follow */
int64_t link_next(const link_t *l);
/* outages: the first instant at or after t when the link is on */
int64_t link_next_on(link_t *l, int64_t t);

#endif
