/* model_test: the delay line, loss models, rate limiter, queue limits, outages, traces and the
 * netem parser on a synthetic clock (no devices, no sleeping). A test is a function; CHECK
 * records a failure with its line and goes on; the exit status is the number of failed tests. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model.h"

#include "check.h"

typedef struct {
  int64_t arrival, t;
  uint32_t len;
  unsigned char first;
} released_t;

static link_t make(const char *settings) {
  link_params_t p;
  char err[300];
  params_default(&p);
  if (params_parse_string(&p, settings, err, sizeof err) < 0) {
    printf("  bad settings '%s': %s\n", settings, err);
    exit(99);
  }
  link_t l;
  if (link_init(&l, &p, 42, 0, err, sizeof err) < 0) {
    printf("  link_init: %s\n", err);
    exit(99);
  }
  return l;
}

/* the event loop of linkem.c on a synthetic clock: n packets arriving at at[i] with len[i] */
static size_t simulate(link_t *l, const int64_t *at, const uint32_t *len, size_t n, released_t *out) {
  size_t next = 0, got = 0;
  unsigned char frame[2048];
  for (;;) {
    int64_t t_link = link_next(l), t_arr = next < n ? at[next] : INT64_MAX;
    if (t_link == INT64_MAX && t_arr == INT64_MAX) return got;
    if (t_arr <= t_link) {
      memset(frame, 0, sizeof frame);
      frame[0] = (unsigned char)next;
      link_arrive(l, packet_new(frame, len[next], t_arr), t_arr);
      next++;
    } else {
      packet_t *p;
      while ((p = link_due(l, t_link))) {
        out[got++] = (released_t){p->arrival, p->t, p->len, p->data[0]};
        free(p);
      }
    }
  }
}

static int64_t *times(size_t n, int64_t step) {
  int64_t *t = malloc(n * sizeof *t);
  for (size_t i = 0; i < n; i++) t[i] = (int64_t)i * step;
  return t;
}

static uint32_t *sizes(size_t n, uint32_t len) {
  uint32_t *s = malloc(n * sizeof *s);
  for (size_t i = 0; i < n; i++) s[i] = len;
  return s;
}

/* Kolmogorov-Smirnov distance of sorted x from cdf */
static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double ks(double *x, size_t n, double (*cdf)(double)) {
  qsort(x, n, sizeof *x, cmpd);
  double d = 0;
  for (size_t i = 0; i < n; i++) {
    double f = cdf(x[i]), lo = f - (double)i / n, hi = (double)(i + 1) / n - f;
    if (lo > d) d = lo;
    if (hi > d) d = hi;
  }
  return d;
}
static double normal_cdf(double x) { return 0.5 * erfc(-x / sqrt(2)); }
static double pareto_cdf(double x) {
  double y = x * 0.8660254037844386 + 1.5;
  return y < 1 ? 0 : 1 - pow(y, -3);
}

/* the jitter of n packets, standardized by (delay, jitter) */
static double *standard_delays(const char *settings, size_t n, double delay_ms, double jitter_ms, size_t *got_n) {
  link_t l = make(settings);
  released_t *r = malloc(n * sizeof *r);
  int64_t *at = times(n, 100 * NS_PER_MS); /* far apart: no queue */
  uint32_t *len = sizes(n, 100);
  *got_n = simulate(&l, at, len, n, r);
  double *x = malloc(*got_n * sizeof *x);
  for (size_t i = 0; i < *got_n; i++) x[i] = ((r[i].t - r[i].arrival) / 1e6 - delay_ms) / jitter_ms;
  link_free(&l);
  free(r);
  free(at);
  free(len);
  return x;
}

static void test_fixed_delay_is_exact(void) {
  link_t l = make("delay 20ms");
  enum { N = 1000 };
  released_t r[N];
  int64_t *at = times(N, 37 * NS_PER_US);
  uint32_t *len = sizes(N, 1500);
  size_t got = simulate(&l, at, len, N, r);
  CHECK(got == N, "released %zu of %d", got, N);
  for (size_t i = 0; i < got; i++) {
    CHECK(r[i].t - r[i].arrival == 20 * NS_PER_MS, "packet %zu delayed %lld ns", i, (long long)(r[i].t - r[i].arrival));
    CHECK(r[i].first == (unsigned char)i, "packet %zu out of order", i);
    if (failures_in_test) break;
  }
  link_free(&l);
  /* nothing is due before its time */
  l = make("delay 20ms");
  link_arrive(&l, packet_new("x", 1, 0), 0);
  CHECK(link_due(&l, 20 * NS_PER_MS - 1) == NULL, "released early");
  CHECK(link_next(&l) == 20 * NS_PER_MS, "next %lld", (long long)link_next(&l));
  packet_t *p = link_due(&l, 20 * NS_PER_MS);
  CHECK(p != NULL, "not released on time");
  free(p);
  link_free(&l);
  free(at);
  free(len);
}

static void test_normal_jitter_fits_its_distribution(void) {
  size_t n;
  double *x = standard_delays("delay 10ms 1ms distribution normal", 20000, 10, 1, &n);
  double d = ks(x, n, normal_cdf), crit = 1.63 / sqrt((double)n); /* 1 % level */
  CHECK(d < crit, "KS distance %.4f from normal, critical %.4f", d, crit);
  free(x);
}

static void test_pareto_jitter_fits_its_distribution(void) {
  size_t n;
  double *x = standard_delays("delay 10ms 1ms distribution pareto", 20000, 10, 1, &n);
  /* compare where the table is not clipped (below +4 sigma) */
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (x[i] < 3.99) x[m++] = x[i];
  double d = ks(x, m, pareto_cdf), crit = 1.63 / sqrt((double)n) + (double)(n - m) / n;
  CHECK(d < crit, "KS distance %.4f from pareto, critical %.4f", d, crit);
  free(x);
}

static void test_uniform_jitter_and_correlation(void) {
  size_t n;
  double *x = standard_delays("delay 10ms 2ms", 20000, 10, 2, &n);
  double sum = 0, mn = 9, mx = -9;
  for (size_t i = 0; i < n; i++) {
    sum += x[i];
    if (x[i] < mn) mn = x[i];
    if (x[i] > mx) mx = x[i];
  }
  CHECK(mn >= -1 && mx <= 1, "uniform jitter out of +-jitter: %.3f %.3f", mn, mx);
  CHECK(fabs(sum / n) < 0.02, "uniform jitter mean %.4f", sum / n);
  free(x);
  /* netem's correlation: each delay leans on the last; released in time order, so pair by seq */
  for (int corr = 0; corr <= 1; corr++) {
    link_t l = make(corr ? "delay 10ms 1ms 75% distribution normal" : "delay 10ms 1ms distribution normal");
    rng_t rng;
    rng_seed(&rng, 1);
    double prev = 0, sxy = 0, sxx = 0;
    for (int i = 0; i < 20000; i++) {
      double u = corr_next(&l.delay_corr, &l.rng), v = dist_sample(DIST_NORMAL, u, &rng);
      if (i) sxy += prev * v;
      sxx += v * v;
      prev = v;
    }
    double r1 = sxy / sxx;
    if (corr) CHECK(r1 > 0.5, "75%% correlation gave lag-1 autocorrelation %.3f", r1);
    else CHECK(fabs(r1) < 0.05, "no correlation gave lag-1 autocorrelation %.3f", r1);
    link_free(&l);
  }
}

static void test_bernoulli_loss_within_binomial_interval(void) {
  enum { N = 200000 };
  link_t l = make("loss 1%");
  rng_t r;
  rng_seed(&r, 7);
  int lost = 0;
  for (int i = 0; i < N; i++) lost += loss_drop(&l.p.loss, &l.rng);
  double sd = sqrt(N * 0.01 * 0.99);
  CHECK(fabs(lost - N * 0.01) < 3.3 * sd, "lost %d of %d, expected %.0f +- %.0f", lost, N, N * 0.01, 3.3 * sd);
  link_free(&l);
  /* correlated: the share stays 1 % (the interval widened by (1 + rho) / (1 - rho)), and a loss
   * follows a loss with p + rho (1 - p) */
  link_t c = make("loss random 1% 25%");
  int pairs = 0, prev = 0;
  lost = 0;
  for (int i = 0; i < N; i++) {
    int x = loss_drop(&c.p.loss, &c.rng);
    lost += x;
    pairs += x && prev;
    prev = x;
  }
  sd *= sqrt(1.25 / 0.75);
  CHECK(fabs(lost - N * 0.01) < 3.3 * sd, "correlated: lost %d of %d, expected %.0f +- %.0f", lost, N, N * 0.01, 3.3 * sd);
  CHECK(fabs((double)pairs / lost - 0.2575) < 0.03, "P(loss | loss) %.4f, want 0.2575", (double)pairs / lost);
  link_free(&c);
}

static void test_gilbert_elliott_loss_is_bursty(void) {
  enum { N = 400000 };
  link_t l = make("loss gemodel 1% 10% 70% 0.1%");
  double expected = loss_expected(&l.p.loss);
  int lost = 0, pairs = 0, prev = 0;
  for (int i = 0; i < N; i++) {
    int x = loss_drop(&l.p.loss, &l.rng);
    lost += x;
    if (x && prev) pairs++;
    prev = x;
  }
  double share = (double)lost / N, after_loss = (double)pairs / lost;
  CHECK(fabs(share - expected) < 0.1 * expected, "GE loss %.5f, stationary %.5f", share, expected);
  CHECK(after_loss > 5 * share, "P(loss | loss) %.3f not bursty against %.4f", after_loss, share);
  link_free(&l);
  /* defaults: r = 1 - p, 1-h = 100 %, 1-k = 0 */
  link_t d = make("loss gemodel 5%");
  CHECK(fabs(d.p.loss.r - 0.95) < 1e-9 && d.p.loss.bad_loss == 1 && d.p.loss.good_loss == 0, "gemodel defaults");
  link_free(&d);
}

static void test_rate_spaces_packets_and_holds_the_rate(void) {
  enum { N = 2000 };
  link_t l = make("rate 10mbit");
  released_t *r = malloc(N * sizeof *r);
  int64_t *at = times(N, 0); /* all at once: the bottleneck serializes them */
  uint32_t *len = sizes(N, 1500);
  l.p.limit_pkts = N;
  size_t got = simulate(&l, at, len, N, r);
  CHECK(got == N, "released %zu", got);
  for (size_t i = 0; i < got; i++) {
    int64_t want = (int64_t)(i + 1) * 1200 * NS_PER_US; /* 1500 B at 10 Mbit/s = 1.2 ms */
    CHECK(r[i].t == want, "packet %zu left at %lld, want %lld", i, (long long)r[i].t, (long long)want);
    if (failures_in_test) break;
  }
  double bps = (double)N * 1500 * 8 / (r[got - 1].t / 1e9);
  CHECK(fabs(bps - 10e6) < 10e6 * 0.001, "rate %.0f bit/s", bps);
  link_free(&l);
  /* rate then delay: each packet leaves after its serialization plus the propagation delay */
  link_t rd = make("rate 1mbit delay 5ms");
  released_t one[1];
  int64_t zero = 0;
  uint32_t size = 125;
  simulate(&rd, &zero, &size, 1, one);
  CHECK(one[0].t == NS_PER_MS + 5 * NS_PER_MS, "rate + delay: %lld", (long long)one[0].t);
  link_free(&rd);
  free(r);
  free(at);
  free(len);
}

/* linkem's loop as it sleeps: woken when the next frame is due, it releases all it may */
static void test_a_backlog_leaves_in_bursts_of_a_millisecond_and_keeps_to_the_rate(void) {
  enum { N = 1000 };
  link_t l = make("rate 100mbit");
  l.p.limit_pkts = N;
  unsigned char frame[1500] = {0};
  for (int i = 0; i < N; i++) link_arrive(&l, packet_new(frame, 1500, 0), 0);
  int64_t *out = malloc(N * sizeof *out), *due = malloc(N * sizeof *due);
  size_t got = 0, wakes = 0;
  for (int64_t t; (t = link_next(&l)) != INT64_MAX; wakes++) {
    packet_t *p;
    while ((p = link_due(&l, t))) {
      due[got] = p->t;
      out[got++] = t;
      free(p);
    }
  }
  CHECK(got == N, "released %zu", got);
  /* 120 us a frame: about 9 frames a wake-up, not one */
  CHECK(wakes <= N / 8, "%zu wake-ups for %d frames", wakes, N);
  int64_t tx = 120 * NS_PER_US;
  for (size_t i = 0; i < got; i++) {
    CHECK(out[i] >= due[i] - RATE_EARLY_NS && out[i] <= due[i], "frame %zu out at %lld, due %lld", i,
          (long long)out[i], (long long)due[i]);
    CHECK(due[i] == (int64_t)(i + 1) * tx, "frame %zu due %lld", i, (long long)due[i]);
    if (failures_in_test) break;
  }
  CHECK(out[0] == tx, "the first frame queued behind nothing: out at %lld, not before its own 120 us", (long long)out[0]);
  /* a token bucket of 1 ms at the rate plus a frame: no window carries more */
  for (size_t i = 0; i < got && !failures_in_test; i++) {
    for (size_t j = i; j < got; j++) {
      double bytes = (double)(j - i + 1) * 1500, allowed = 1e8 / 8 * (out[j] - out[i] + RATE_EARLY_NS) / 1e9 + 1500;
      CHECK(bytes <= allowed + 1e-6, "frames %zu-%zu: %.0f bytes in %lld ns", i, j, bytes, (long long)(out[j] - out[i]));
      if (failures_in_test) break;
    }
  }
  /* the rate over the whole backlog is the link's */
  double bps = (double)N * 1500 * 8 / (out[got - 1] / 1e9);
  CHECK(fabs(bps - 1e8) < 1e8 * 0.01, "rate %.0f bit/s", bps);
  link_free(&l);
  /* a frame that finds the link idle is never early, delay or not */
  link_t d = make("rate 100mbit delay 5ms");
  link_arrive(&d, packet_new(frame, 1500, 0), 0);
  CHECK(link_due(&d, 5 * NS_PER_MS + tx - 1) == NULL, "an idle link's frame left early");
  packet_t *p = link_due(&d, 5 * NS_PER_MS + tx);
  CHECK(p != NULL, "an idle link's frame not out at its time");
  free(p);
  link_free(&d);
  free(out);
  free(due);
}

static void test_full_queue_drops_in_packets_and_bytes(void) {
  enum { N = 50 };
  released_t r[N];
  int64_t *at = times(N, 0);
  uint32_t *len = sizes(N, 1500);
  link_t l = make("rate 10mbit limit 10");
  size_t got = simulate(&l, at, len, N, r);
  CHECK(got == 10 && l.c.queue_drops == 40, "limit 10: released %zu dropped %llu", got, (unsigned long long)l.c.queue_drops);
  /* the last one in waited for the nine ahead: bufferbloat is queue bytes over the rate */
  CHECK(r[9].t == 10 * 1200 * NS_PER_US, "tenth left at %lld", (long long)r[9].t);
  link_free(&l);
  link_t b = make("rate 10mbit limit-bytes 15000");
  got = simulate(&b, at, len, N, r);
  CHECK(got == 10 && b.c.queue_drops == 40 && b.c.max_queue_bytes == 15000, "limit-bytes: released %zu dropped %llu",
        got, (unsigned long long)b.c.queue_drops);
  link_free(&b);
  free(at);
  free(len);
}

static void test_reorder_and_duplicate(void) {
  enum { N = 20000 };
  released_t *r = malloc(2 * N * sizeof *r);
  int64_t *at = times(N, NS_PER_MS);
  uint32_t *len = sizes(N, 100);
  link_t l = make("delay 10ms reorder 25%");
  size_t got = simulate(&l, at, len, N, r);
  double share = (double)l.c.reordered / N;
  CHECK(got == N && fabs(share - 0.25) < 0.015, "reordered %.4f of %zu", share, got);
  size_t overtakes = 0;
  for (size_t i = 1; i < got; i++) overtakes += r[i].arrival < r[i - 1].arrival;
  CHECK(overtakes > N / 10, "only %zu packets overtook", overtakes);
  link_free(&l);
  link_t g = make("delay 10ms reorder 100% gap 5");
  simulate(&g, at, len, N, r);
  CHECK(g.c.reordered == N / 5, "gap 5: %llu reordered of %d", (unsigned long long)g.c.reordered, N);
  link_free(&g);
  link_t d = make("duplicate 10%");
  got = simulate(&d, at, len, N, r);
  CHECK(fabs((double)got / N - 1.10) < 0.01, "duplicate 10%%: %zu out of %d", got, N);
  link_free(&d);
  free(r);
  free(at);
  free(len);
}

static void test_outage_holds_packets_until_on(void) {
  link_t l = make("onoff 100ms 50ms");
  int64_t at[] = {50 * NS_PER_MS, 120 * NS_PER_MS, 160 * NS_PER_MS, 260 * NS_PER_MS};
  uint32_t len[] = {100, 100, 100, 100};
  released_t r[4];
  size_t got = simulate(&l, at, len, 4, r);
  CHECK(got == 4, "released %zu", got);
  CHECK(r[0].t == 50 * NS_PER_MS && r[1].t == 150 * NS_PER_MS && r[2].t == 160 * NS_PER_MS && r[3].t == 300 * NS_PER_MS,
        "left at %lld %lld %lld %lld", (long long)r[0].t, (long long)r[1].t, (long long)r[2].t, (long long)r[3].t);
  link_free(&l);
}

static char *write_trace(const char *lines) {
  static char path[] = "/tmp/linkem-trace-XXXXXX";
  strcpy(path, "/tmp/linkem-trace-XXXXXX");
  int fd = mkstemp(path);
  if (write(fd, lines, strlen(lines)) < 0) exit(99);
  close(fd);
  return path;
}

static void test_trace_delivers_at_its_opportunities(void) {
  char *path = write_trace("1\n1\n2\n4\n");
  char settings[200];
  snprintf(settings, sizeof settings, "trace %s", path);
  link_t l = make(settings);
  int64_t at[6] = {0, 0, 0, 0, 0, 0};
  uint32_t len[6] = {1500, 1500, 1500, 1500, 700, 700};
  released_t r[6];
  size_t got = simulate(&l, at, len, 6, r);
  /* two opportunities at 1 ms, one at 2, one at 4, then the period repeats: 5 (x2), 6, 8 */
  int64_t want[6] = {1, 1, 2, 4, 5, 5};
  CHECK(got == 6, "released %zu", got);
  for (int i = 0; i < 6 && i < (int)got; i++)
    CHECK(r[i].t == want[i] * NS_PER_MS, "packet %d left at %lld, want %lld ms", i, (long long)r[i].t, (long long)want[i]);
  link_free(&l);
  unlink(path);
  /* one opportunity a millisecond is 1504 B/ms: 12.032 Mbit/s when saturated */
  char lines[8000] = "";
  for (int ms = 1; ms <= 1000; ms++) snprintf(lines + strlen(lines), sizeof lines - strlen(lines), "%d\n", ms);
  path = write_trace(lines);
  snprintf(settings, sizeof settings, "trace %s limit 100000", path);
  link_t s = make(settings);
  enum { N = 10000 };
  released_t *out = malloc(N * sizeof *out);
  int64_t *t0 = times(N, 0);
  uint32_t *full = sizes(N, 1504);
  got = simulate(&s, t0, full, N, out);
  double bps = (double)N * 1504 * 8 / (out[got - 1].t / 1e9);
  CHECK(got == N && fabs(bps - 12.032e6) < 12.032e6 * 0.001, "trace rate %.0f bit/s", bps);
  link_free(&s);
  unlink(path);
  free(out);
  free(t0);
  free(full);
}

static void test_netem_words_parse_and_refuse(void) {
  link_params_t p;
  char err[300];
  params_default(&p);
  int rc = params_parse_string(&p,
                               "delay 20ms 2ms 25% distribution normal loss random 1% 25% duplicate 1% "
                               "reorder 25% 50% gap 5 rate 100mbit limit 500 corrupt 0.1%",
                               err, sizeof err);
  CHECK(rc == 0, "%s", err);
  CHECK(p.delay_ns == 20 * NS_PER_MS && p.jitter_ns == 2 * NS_PER_MS && fabs(p.delay_corr - 0.25) < 1e-9, "delay");
  CHECK(p.dist == DIST_NORMAL && p.loss.kind == LOSS_RANDOM && fabs(p.loss.p - 0.01) < 1e-9, "dist/loss");
  CHECK(fabs(p.loss.corr.rho - 0.25) < 1e-9 && fabs(p.duplicate - 0.01) < 1e-9, "loss corr/dup");
  CHECK(fabs(p.reorder - 0.25) < 1e-9 && p.reorder_gap == 5 && p.rate_bps == 100000000 && p.limit_pkts == 500, "reorder/rate/limit");
  params_default(&p);
  CHECK(params_parse_string(&p, "delay 500 rate 125kbps", err, sizeof err) == 0 && p.delay_ns == 500 * NS_PER_US &&
            p.rate_bps == 1000000,
        "tc's bare microseconds and bytes per second");
  struct {
    const char *line, *message;
  } bad[] = {
      {"delay abc", "delay: 'abc' is not a time"},
      {"delay", "delay needs a time"},
      {"loss 150%", "loss: '150%' is not a share"},
      {"loss state 1%", "loss state (the 4-state model) is not emulated"},
      {"reorder 5%", "reorder needs a delay"},
      {"rate fast", "rate: 'fast' is not a rate"},
      {"distribution gaussian", "distribution: 'gaussian' is not one of"},
      {"frobnicate 3", "unknown word 'frobnicate'"},
      {"slot 1ms", "slot is not emulated"},
      {"onoff 1s", "onoff needs the off time"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    params_default(&p);
    err[0] = 0;
    rc = params_parse_string(&p, bad[i].line, err, sizeof err);
    CHECK(rc < 0 && strncmp(err, bad[i].message, strlen(bad[i].message)) == 0, "'%s' gave '%s'", bad[i].line, err);
  }
}


int main(void) {
  RUN(test_fixed_delay_is_exact);
  RUN(test_normal_jitter_fits_its_distribution);
  RUN(test_pareto_jitter_fits_its_distribution);
  RUN(test_uniform_jitter_and_correlation);
  RUN(test_bernoulli_loss_within_binomial_interval);
  RUN(test_gilbert_elliott_loss_is_bursty);
  RUN(test_rate_spaces_packets_and_holds_the_rate);
  RUN(test_a_backlog_leaves_in_bursts_of_a_millisecond_and_keeps_to_the_rate);
  RUN(test_full_queue_drops_in_packets_and_bytes);
  RUN(test_reorder_and_duplicate);
  RUN(test_outage_holds_packets_until_on);
  RUN(test_trace_delivers_at_its_opportunities);
  RUN(test_netem_words_parse_and_refuse);
  printf("model tests: %d run, %d failed\n", tests, failed_tests);
  return failed_tests;
}
