/* model.c: one direction of the link on a caller's clock (see model.h). */
#include "model.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- random numbers ---- */

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void rng_seed(rng_t *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t rng_next(rng_t *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

double rng_uniform(rng_t *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

double corr_next(corr_t *c, rng_t *r) {
  double u = rng_uniform(r);
  if (c->rho <= 0) return u;
  c->last = u * (1 - c->rho) + c->last * c->rho;
  return c->last;
}

/* ---- distributions: standard samples, bounded at +-4 as netem's tables are (int16 / 8192) ---- */

/* Acklam's rational approximation of the normal quantile (relative error < 1.2e-9) */
double normal_inv_cdf(double p) {
  static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                             1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
  static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                             6.680131188771972e+01, -1.328068155288572e+01};
  static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                             -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
  static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                             3.754408661907416e+00};
  if (p <= 0) return -INFINITY;
  if (p >= 1) return INFINITY;
  if (p < 0.02425) {
    double q = sqrt(-2 * log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
           ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - 0.02425) return -normal_inv_cdf(1 - p);
  double q = p - 0.5, r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
         (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

static double clamp4(double x) { return x < -4 ? -4 : x > 4 ? 4 : x; }

/* Pareto with shape 3 (netem's table), standardized: mean 1.5, deviation sqrt(3)/2 */
static double pareto_std(double u) { return (pow(1 - u, -1.0 / 3) - 1.5) / 0.8660254037844386; }

double dist_sample(enum dist d, double u, rng_t *r) {
  switch (d) {
    case DIST_NORMAL: return clamp4(normal_inv_cdf(u));
    case DIST_PARETO: return clamp4(pareto_std(u));
    case DIST_PARETONORMAL: {
      /* netem's paretonormal: a quarter normal, three quarters pareto, rescaled to deviation 1 */
      double n = normal_inv_cdf(rng_uniform(r) * 0.999999 + 0.0000005);
      return clamp4((0.25 * n + 0.75 * pareto_std(u)) / 0.7905694150420949);
    }
    case DIST_UNIFORM:
    default: return 2 * u - 1;
  }
}

/* ---- loss ---- */

int loss_drop(loss_t *l, rng_t *r) {
  switch (l->kind) {
    case LOSS_RANDOM: {
      /* correlation as a two-state chain that keeps the loss share at p: P(loss | loss) =
       * p + rho (1 - p). netem's correlated uniform instead lowers the share (1 % with 25 %
       * correlation loses ~0.0003 %), so a profile's "1 %" would lose almost nothing. */
      double rho = l->corr.rho, q = rho <= 0 ? l->p : l->bad ? l->p + rho * (1 - l->p) : l->p * (1 - rho);
      l->bad = rng_uniform(r) < q;
      return l->bad;
    }
    case LOSS_GEMODEL: {
      /* the loss by the state the packet meets, then the state moves on (netem's order) */
      int lost = rng_uniform(r) < (l->bad ? l->bad_loss : l->good_loss);
      if (l->bad) {
        if (rng_uniform(r) < l->r) l->bad = 0;
      } else if (rng_uniform(r) < l->p) {
        l->bad = 1;
      }
      return lost;
    }
    case LOSS_NONE:
    default: return 0;
  }
}

double loss_expected(const loss_t *l) {
  switch (l->kind) {
    case LOSS_RANDOM: return l->p;
    case LOSS_GEMODEL: {
      double pb = (l->p + l->r) > 0 ? l->p / (l->p + l->r) : 0;
      return pb * l->bad_loss + (1 - pb) * l->good_loss;
    }
    default: return 0;
  }
}

/* ---- Mahimahi traces: one line per opportunity, milliseconds, repeated with the last's period ---- */

int trace_load(trace_t *t, const char *path, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "trace: cannot open '%s': %s", path, strerror(errno));
    return -1;
  }
  size_t cap = 1024;
  t->t_ns = malloc(cap * sizeof *t->t_ns);
  t->count = malloc(cap * sizeof *t->count);
  t->n = 0;
  char line[128];
  long long prev = -1;
  int lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    char *end;
    if (line[0] == '\n' || line[0] == '#') continue;
    errno = 0;
    long long ms = strtoll(line, &end, 10);
    while (*end == ' ' || *end == '\r' || *end == '\n') end++;
    if (errno || *end || ms < 0 || ms < prev) {
      snprintf(err, errlen, "trace: %s line %d: want a millisecond count not below the previous line's", path,
               lineno);
      fclose(f);
      return -1;
    }
    if (ms == prev) {
      t->count[t->n - 1]++;
    } else {
      if (t->n == cap) {
        cap *= 2;
        t->t_ns = realloc(t->t_ns, cap * sizeof *t->t_ns);
        t->count = realloc(t->count, cap * sizeof *t->count);
      }
      t->t_ns[t->n] = ms * NS_PER_MS;
      t->count[t->n++] = 1;
      prev = ms;
    }
  }
  fclose(f);
  if (t->n == 0 || prev <= 0) {
    snprintf(err, errlen, "trace: %s has no opportunity after millisecond 0 (it sets the period)", path);
    return -1;
  }
  t->period_ns = prev * NS_PER_MS;
  return 0;
}

static int64_t trace_time(const link_t *l, int64_t k) {
  const trace_t *t = &l->trace;
  return l->origin + (k / (int64_t)t->n) * t->period_ns + t->t_ns[k % (int64_t)t->n];
}

/* the first opportunity at or after time at */
static int64_t trace_first_at(const link_t *l, int64_t at) {
  const trace_t *t = &l->trace;
  int64_t rel = at - l->origin;
  if (rel < 0) rel = 0;
  int64_t period = rel / t->period_ns, within = rel % t->period_ns;
  size_t lo = 0, hi = t->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (t->t_ns[mid] < within) lo = mid + 1;
    else hi = mid;
  }
  return period * (int64_t)t->n + (int64_t)lo; /* lo == n: the next period's first */
}

/* ---- outages ---- */

static int64_t onoff_duration(link_t *l, int64_t mean) {
  if (!l->p.onoff_exp) return mean;
  double d = -log(1 - rng_uniform(&l->rng)) * (double)mean;
  return d < 1 ? 1 : (int64_t)d;
}

int64_t link_next_on(link_t *l, int64_t t) {
  if (l->p.off_ns <= 0) return t;
  while (t >= l->cycle_end) {
    l->cycle_on = l->cycle_end;
    l->cycle_off = l->cycle_on + onoff_duration(l, l->p.on_ns);
    l->cycle_end = l->cycle_off + onoff_duration(l, l->p.off_ns);
  }
  return t < l->cycle_off ? t : l->cycle_end;
}

/* ---- the link ---- */

packet_t *packet_alloc(uint32_t len, int64_t arrival) {
  packet_t *p = malloc(sizeof *p + len);
  if (!p) return NULL;
  memset(p, 0, sizeof *p);
  p->len = p->left = len;
  p->arrival = p->t = arrival;
  return p;
}

packet_t *packet_new(const void *data, uint32_t len, int64_t arrival) {
  packet_t *p = packet_alloc(len, arrival);
  if (p) memcpy(p->data, data, len);
  return p;
}

int link_init(link_t *l, const link_params_t *p, uint64_t seed, int64_t origin, char *err, size_t errlen) {
  memset(l, 0, sizeof *l);
  l->p = *p;
  rng_seed(&l->rng, seed);
  l->delay_corr.rho = p->delay_corr;
  l->dup_corr.rho = p->duplicate_corr;
  l->reorder_corr.rho = p->reorder_corr;
  l->corrupt_corr.rho = p->corrupt_corr;
  l->origin = origin;
  l->last_departure = INT64_MIN;
  l->opp_abs = -1;
  l->cycle_on = origin;
  l->cycle_off = origin + p->on_ns;
  l->cycle_end = origin + p->on_ns + p->off_ns;
  if (p->trace_path[0] && trace_load(&l->trace, p->trace_path, err, errlen) < 0) return -1;
  return 0;
}

void link_free(link_t *l) {
  for (packet_t *p = l->head; p;) {
    packet_t *n = p->next;
    free(p);
    p = n;
  }
  for (size_t i = 0; i < l->heap_n; i++) free(l->heap[i]);
  free(l->heap);
  free(l->trace.t_ns);
  free(l->trace.count);
  memset(l, 0, sizeof *l);
}

static int before(const packet_t *a, const packet_t *b) { return a->t < b->t || (a->t == b->t && a->seq < b->seq); }

static void heap_push(link_t *l, packet_t *p) {
  if (l->heap_n == l->heap_cap) {
    l->heap_cap = l->heap_cap ? l->heap_cap * 2 : 256;
    l->heap = realloc(l->heap, l->heap_cap * sizeof *l->heap);
  }
  p->seq = l->seq++;
  size_t i = l->heap_n++;
  while (i > 0) {
    size_t parent = (i - 1) / 2;
    if (!before(p, l->heap[parent])) break;
    l->heap[i] = l->heap[parent];
    i = parent;
  }
  l->heap[i] = p;
}

static packet_t *heap_pop(link_t *l) {
  packet_t *top = l->heap[0], *last = l->heap[--l->heap_n];
  size_t i = 0, n = l->heap_n;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && before(l->heap[c + 1], l->heap[c])) c++;
    if (!before(l->heap[c], last)) break;
    l->heap[i] = l->heap[c];
    i = c;
  }
  if (n > 0) l->heap[i] = last;
  return top;
}

/* when the bottleneck's head leaves it: the rate, or the trace's opportunities, and the outages */
static void schedule_head(link_t *l) {
  packet_t *h = l->head;
  int64_t start = h->arrival > l->last_departure ? h->arrival : l->last_departure;
  if (l->trace.n) {
    int64_t need = h->left;
    for (;;) {
      if (l->opp_abs < 0 || trace_time(l, l->opp_abs) < start) {
        l->opp_abs = trace_first_at(l, start);
        l->opp_left = (int64_t)l->trace.count[l->opp_abs % (int64_t)l->trace.n] * TRACE_OPPORTUNITY_BYTES;
      }
      int64_t at = trace_time(l, l->opp_abs), on = link_next_on(l, at);
      if (on != at) { /* an opportunity during an outage is lost */
        start = on;
        l->opp_abs = -1;
        continue;
      }
      int64_t take = need < l->opp_left ? need : l->opp_left;
      need -= take;
      l->opp_left -= take;
      if (need == 0) {
        h->t = at;
        return;
      }
      l->opp_abs++;
      l->opp_left = (int64_t)l->trace.count[l->opp_abs % (int64_t)l->trace.n] * TRACE_OPPORTUNITY_BYTES;
      start = trace_time(l, l->opp_abs);
    }
  }
  int64_t on = link_next_on(l, start), queued = start - h->arrival;
  /* time spent behind other frames may be cut short (the burst); an outage's may not */
  h->early = on == start && l->p.rate_bps ? (queued < RATE_EARLY_NS ? queued : RATE_EARLY_NS) : 0;
  start = on;
  if (l->p.rate_bps) {
    uint64_t bits = (uint64_t)(h->len + l->p.rate_overhead) * 8;
    start += (int64_t)((bits * (uint64_t)NS_PER_S + l->p.rate_bps / 2) / l->p.rate_bps);
  }
  h->t = start;
}

static void enqueue(link_t *l, packet_t *p) {
  if ((l->p.limit_pkts > 0 && l->q_pkts >= (size_t)l->p.limit_pkts) ||
      (l->p.limit_bytes && l->q_bytes + p->len > l->p.limit_bytes)) {
    l->c.queue_drops++;
    free(p);
    return;
  }
  l->q_pkts++;
  l->q_bytes += p->len;
  if (l->q_pkts > l->c.max_queue_pkts) l->c.max_queue_pkts = l->q_pkts;
  if (l->q_bytes > l->c.max_queue_bytes) l->c.max_queue_bytes = l->q_bytes;
  if (l->tail) {
    l->tail->next = p;
    l->tail = p;
  } else {
    l->head = l->tail = p;
    schedule_head(l);
  }
}

void link_arrive(link_t *l, packet_t *p, int64_t now) {
  l->c.in++;
  l->c.bytes_in += p->len;
  p->arrival = now;
  int copies = 1;
  if (l->p.duplicate > 0 && corr_next(&l->dup_corr, &l->rng) < l->p.duplicate) copies++;
  if (loss_drop(&l->p.loss, &l->rng)) {
    l->c.lost++;
    copies--;
  }
  if (copies == 0) {
    free(p);
    return;
  }
  if (l->p.corrupt > 0 && p->len > 14 && corr_next(&l->corrupt_corr, &l->rng) < l->p.corrupt) {
    /* one bit past the Ethernet header, as netem flips one in the packet's data */
    uint32_t bit = (uint32_t)(rng_next(&l->rng) % ((uint64_t)(p->len - 14) * 8));
    p->data[14 + bit / 8] ^= (unsigned char)(1u << (bit % 8));
    l->c.corrupted++;
  }
  if (copies == 2) {
    packet_t *dup = packet_new(p->data, p->len, now);
    if (dup) {
      dup->origin = p->origin;
      l->c.duplicated++;
      enqueue(l, dup);
    }
  }
  enqueue(l, p);
}

/* the delay line's time for a packet leaving the bottleneck at t */
static int64_t delayed(link_t *l, int64_t t) {
  const link_params_t *p = &l->p;
  if (p->reorder > 0 && p->delay_ns > 0) {
    /* netem: after gap - 1 delayed packets, one goes at once with probability reorder */
    if (l->reorder_count >= p->reorder_gap - 1 && corr_next(&l->reorder_corr, &l->rng) < p->reorder) {
      l->reorder_count = 0;
      l->c.reordered++;
      return t;
    }
    l->reorder_count++;
  }
  int64_t d = p->delay_ns;
  if (p->jitter_ns > 0) {
    double x = dist_sample(p->dist, corr_next(&l->delay_corr, &l->rng), &l->rng);
    d += (int64_t)llround(x * (double)p->jitter_ns);
    if (d < 0) d = 0;
  }
  return t + d;
}

packet_t *link_due(link_t *l, int64_t now) {
  while (l->head && l->head->t - l->head->early <= now) {
    packet_t *p = l->head;
    l->head = p->next;
    if (!l->head) l->tail = NULL;
    l->q_pkts--;
    l->q_bytes -= p->len;
    l->last_departure = p->t;
    p->next = NULL;
    p->t = delayed(l, p->t);
    heap_push(l, p);
    if (l->head) schedule_head(l);
  }
  if (l->heap_n && l->heap[0]->t - l->heap[0]->early <= now) {
    packet_t *p = heap_pop(l);
    l->c.out++;
    l->c.bytes_out += p->len;
    return p;
  }
  return NULL;
}

int64_t link_next(const link_t *l) {
  int64_t t = INT64_MAX;
  if (l->head) t = l->head->t;
  if (l->heap_n && l->heap[0]->t < t) t = l->heap[0]->t;
  return t;
}
