/* params.c: netem's words for one direction (tc-netem(8)), so a `tc qdisc ... netem` line's
 * arguments work here one to one, and the emulator's own few: limit-bytes, trace, onoff, seed. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define MAX_WORDS 64

void params_default(link_params_t *p) {
  memset(p, 0, sizeof *p);
  p->limit_pkts = 1000; /* netem's default */
  p->dist = DIST_UNIFORM;
  p->reorder_gap = 1;
}

static int fail(char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  return -1;
}

static int is_number(const char *s) { return s && (isdigit((unsigned char)s[0]) || (s[0] == '.' && isdigit((unsigned char)s[1]))); }

/* N[.N] then a unit from the table, or none (then unit_none); -1 if anything else */
static int parse_scaled(const char *s, double *out, const char *const *units, const double *scale, double unit_none) {
  char *end;
  if (!is_number(s)) return -1;
  double v = strtod(s, &end);
  if (!*end) {
    *out = v * unit_none;
    return 0;
  }
  for (int i = 0; units[i]; i++) {
    if (strcmp(end, units[i]) == 0) {
      *out = v * scale[i];
      return 0;
    }
  }
  return -1;
}

/* tc's times: us, usec, ms, msec, s, sec, secs; a bare number is microseconds */
static int parse_time(const char *s, int64_t *ns) {
  static const char *const units[] = {"ns", "nsec", "us", "usec", "ms", "msec", "s", "sec", "secs", NULL};
  static const double scale[] = {1, 1, 1e3, 1e3, 1e6, 1e6, 1e9, 1e9, 1e9};
  double v;
  if (parse_scaled(s, &v, units, scale, 1e3) < 0 || v > 3600e9) return -1;
  *ns = (int64_t)llround(v);
  return 0;
}

/* tc's shares: N% or a bare N, both percent */
static int parse_percent(const char *s, double *out) {
  static const char *const units[] = {"%", NULL};
  static const double scale[] = {0.01};
  if (parse_scaled(s, out, units, scale, 0.01) < 0 || *out > 1) return -1;
  return 0;
}

/* tc's rates: bit, kbit, mbit, gbit, tbit (x1000), bps, kbps, ... (bytes); bare: bit/s */
static int parse_rate(const char *s, uint64_t *bps) {
  static const char *const units[] = {"bit", "kbit", "mbit", "gbit", "tbit", "bps", "kbps", "mbps", "gbps", "tbps", NULL};
  static const double scale[] = {1, 1e3, 1e6, 1e9, 1e12, 8, 8e3, 8e6, 8e9, 8e12};
  double v;
  if (parse_scaled(s, &v, units, scale, 1) < 0 || v < 1) return -1;
  *bps = (uint64_t)llround(v);
  return 0;
}

static int parse_size(const char *s, uint64_t *bytes) {
  static const char *const units[] = {"b", "k", "kb", "m", "mb", "g", "gb", NULL};
  static const double scale[] = {1, 1024, 1024, 1048576, 1048576, 1073741824.0, 1073741824.0};
  double v;
  if (parse_scaled(s, &v, units, scale, 1) < 0 || v < 1) return -1;
  *bytes = (uint64_t)llround(v);
  return 0;
}

static int parse_int(const char *s, int *out) {
  char *end;
  if (!is_number(s)) return -1;
  long v = strtol(s, &end, 10);
  if (*end || v < 0 || v > 100000000) return -1;
  *out = (int)v;
  return 0;
}

#define NEED(what)                                                                   \
  do {                                                                               \
    if (i + 1 >= argc) return fail(err, errlen, "%s needs %s", argv[i], what);       \
  } while (0)
/* an optional share after a word: next word if it starts with a digit */
#define OPTIONAL_PERCENT(dst)                                                                            \
  do {                                                                                                   \
    if (is_number(i + 1 < argc ? argv[i + 1] : NULL)) {                                                  \
      if (parse_percent(argv[++i], &(dst)) < 0)                                                          \
        return fail(err, errlen, "%s: '%s' is not a share (e.g. 25%% or 0.5%%, at most 100%%)", word, argv[i]); \
    }                                                                                                    \
  } while (0)

int params_parse(link_params_t *p, int argc, char **argv, char *err, size_t errlen) {
  for (int i = 0; i < argc; i++) {
    const char *word = argv[i];
    if (strcmp(word, "delay") == 0 || strcmp(word, "latency") == 0) {
      NEED("a time (e.g. 20ms)");
      if (parse_time(argv[++i], &p->delay_ns) < 0) return fail(err, errlen, "delay: '%s' is not a time (e.g. 20ms, 500us)", argv[i]);
      if (is_number(i + 1 < argc ? argv[i + 1] : NULL)) {
        if (parse_time(argv[++i], &p->jitter_ns) < 0) return fail(err, errlen, "delay: jitter '%s' is not a time (e.g. 2ms)", argv[i]);
        OPTIONAL_PERCENT(p->delay_corr);
      }
    } else if (strcmp(word, "distribution") == 0) {
      NEED("a name");
      const char *d = argv[++i];
      if (strcmp(d, "normal") == 0) p->dist = DIST_NORMAL;
      else if (strcmp(d, "pareto") == 0) p->dist = DIST_PARETO;
      else if (strcmp(d, "paretonormal") == 0) p->dist = DIST_PARETONORMAL;
      else if (strcmp(d, "uniform") == 0) p->dist = DIST_UNIFORM;
      else return fail(err, errlen, "distribution: '%s' is not one of normal, pareto, paretonormal, uniform", d);
    } else if (strcmp(word, "loss") == 0 || strcmp(word, "drop") == 0) {
      NEED("a share or a model");
      if (strcmp(argv[i + 1], "random") == 0) {
        i++;
        NEED("a share");
      }
      if (strcmp(argv[i + 1], "gemodel") == 0 || strcmp(argv[i + 1], "ge") == 0) {
        i++;
        NEED("p (good to bad), e.g. loss gemodel 1% 10% 70% 0.1%");
        loss_t *l = &p->loss;
        l->kind = LOSS_GEMODEL;
        if (parse_percent(argv[++i], &l->p) < 0) return fail(err, errlen, "loss gemodel: p '%s' is not a share", argv[i]);
        l->r = 1 - l->p;
        l->bad_loss = 1;
        l->good_loss = 0;
        OPTIONAL_PERCENT(l->r);
        OPTIONAL_PERCENT(l->bad_loss);
        OPTIONAL_PERCENT(l->good_loss);
      } else if (strcmp(argv[i + 1], "state") == 0) {
        return fail(err, errlen, "loss state (the 4-state model) is not emulated: use loss random or loss gemodel");
      } else {
        NEED("a share");
        p->loss.kind = LOSS_RANDOM;
        if (parse_percent(argv[++i], &p->loss.p) < 0) return fail(err, errlen, "loss: '%s' is not a share (e.g. 1%%)", argv[i]);
        OPTIONAL_PERCENT(p->loss.corr.rho);
        if (p->loss.p == 0) p->loss.kind = LOSS_NONE;
      }
    } else if (strcmp(word, "duplicate") == 0) {
      NEED("a share");
      if (parse_percent(argv[++i], &p->duplicate) < 0) return fail(err, errlen, "duplicate: '%s' is not a share (e.g. 1%%)", argv[i]);
      OPTIONAL_PERCENT(p->duplicate_corr);
    } else if (strcmp(word, "corrupt") == 0) {
      NEED("a share");
      if (parse_percent(argv[++i], &p->corrupt) < 0) return fail(err, errlen, "corrupt: '%s' is not a share (e.g. 0.1%%)", argv[i]);
      OPTIONAL_PERCENT(p->corrupt_corr);
    } else if (strcmp(word, "reorder") == 0) {
      NEED("a share");
      if (parse_percent(argv[++i], &p->reorder) < 0) return fail(err, errlen, "reorder: '%s' is not a share (e.g. 25%%)", argv[i]);
      OPTIONAL_PERCENT(p->reorder_corr);
    } else if (strcmp(word, "gap") == 0) {
      NEED("a packet count");
      if (parse_int(argv[++i], &p->reorder_gap) < 0 || p->reorder_gap < 1) return fail(err, errlen, "gap: '%s' is not a count of packets (1 or more)", argv[i]);
    } else if (strcmp(word, "rate") == 0) {
      NEED("a rate (e.g. 100mbit)");
      if (parse_rate(argv[++i], &p->rate_bps) < 0) return fail(err, errlen, "rate: '%s' is not a rate (e.g. 100mbit, 1gbit, 125kbps)", argv[i]);
      if (i + 1 < argc && (is_number(argv[i + 1]) || argv[i + 1][0] == '-')) {
        char *end;
        long o = strtol(argv[++i], &end, 10);
        if (*end || o < -1000 || o > 1000) return fail(err, errlen, "rate: packet overhead '%s' is not a byte count", argv[i]);
        p->rate_overhead = (int)o;
      }
    } else if (strcmp(word, "limit") == 0) {
      NEED("a packet count");
      if (parse_int(argv[++i], &p->limit_pkts) < 0 || p->limit_pkts < 1) return fail(err, errlen, "limit: '%s' is not a count of packets (1 or more)", argv[i]);
    } else if (strcmp(word, "limit-bytes") == 0) {
      NEED("a size (e.g. 64k)");
      if (parse_size(argv[++i], &p->limit_bytes) < 0) return fail(err, errlen, "limit-bytes: '%s' is not a size (e.g. 64k, 1m, 150000)", argv[i]);
    } else if (strcmp(word, "trace") == 0) {
      NEED("a Mahimahi trace file");
      if (strlen(argv[++i]) >= sizeof p->trace_path) return fail(err, errlen, "trace: path too long");
      strcpy(p->trace_path, argv[i]);
    } else if (strcmp(word, "onoff") == 0) {
      NEED("two times, on then off (e.g. onoff 2s 200ms)");
      if (parse_time(argv[++i], &p->on_ns) < 0 || p->on_ns <= 0) return fail(err, errlen, "onoff: on time '%s' is not a time above 0", argv[i]);
      if (i + 1 >= argc) return fail(err, errlen, "onoff needs the off time");
      if (parse_time(argv[++i], &p->off_ns) < 0) return fail(err, errlen, "onoff: off time '%s' is not a time", argv[i]);
      if (i + 1 < argc && strcmp(argv[i + 1], "exp") == 0) {
        p->onoff_exp = 1;
        i++;
      }
    } else if (strcmp(word, "slot") == 0 || strcmp(word, "ecn") == 0) {
      return fail(err, errlen, "%s is not emulated (netem's slot and ecn have no equivalent here)", word);
    } else {
      return fail(err, errlen, "unknown word '%s' (netem's: delay, distribution, loss, duplicate, corrupt, reorder, gap, rate, limit; ours: limit-bytes, trace, onoff)", word);
    }
  }
  if (p->reorder > 0 && p->delay_ns == 0) return fail(err, errlen, "reorder needs a delay (reordered packets are the ones sent ahead of the delayed)");
  if (p->trace_path[0] && p->rate_bps) return fail(err, errlen, "rate and trace both set the bottleneck's speed: give one");
  return 0;
}

int params_parse_string(link_params_t *p, const char *line, char *err, size_t errlen) {
  char buf[2048], *words[MAX_WORDS];
  int n = 0;
  if (strlen(line) >= sizeof buf) return fail(err, errlen, "settings too long");
  strcpy(buf, line);
  for (char *w = strtok(buf, " \t\n"); w; w = strtok(NULL, " \t\n")) {
    if (n == MAX_WORDS) return fail(err, errlen, "too many words in the settings");
    words[n++] = w;
  }
  return params_parse(p, n, words, err, errlen);
}

static const char *dist_name(enum dist d) {
  switch (d) {
    case DIST_NORMAL: return "normal";
    case DIST_PARETO: return "pareto";
    case DIST_PARETONORMAL: return "paretonormal";
    default: return "uniform";
  }
}

void params_format(const link_params_t *p, char *out, size_t outlen) {
  size_t n = 0;
#define PUT(...) n += (size_t)snprintf(out + n, n < outlen ? outlen - n : 0, __VA_ARGS__)
  out[0] = 0;
  PUT("delay %.3fms %.3fms %g%% distribution %s", p->delay_ns / 1e6, p->jitter_ns / 1e6, p->delay_corr * 100, dist_name(p->dist));
  if (p->loss.kind == LOSS_RANDOM) PUT(" loss random %g%% %g%%", p->loss.p * 100, p->loss.corr.rho * 100);
  if (p->loss.kind == LOSS_GEMODEL)
    PUT(" loss gemodel %g%% %g%% %g%% %g%%", p->loss.p * 100, p->loss.r * 100, p->loss.bad_loss * 100, p->loss.good_loss * 100);
  if (p->duplicate > 0) PUT(" duplicate %g%% %g%%", p->duplicate * 100, p->duplicate_corr * 100);
  if (p->corrupt > 0) PUT(" corrupt %g%% %g%%", p->corrupt * 100, p->corrupt_corr * 100);
  if (p->reorder > 0) PUT(" reorder %g%% %g%% gap %d", p->reorder * 100, p->reorder_corr * 100, p->reorder_gap);
  if (p->rate_bps) PUT(" rate %llubit %d", (unsigned long long)p->rate_bps, p->rate_overhead);
  PUT(" limit %d", p->limit_pkts);
  if (p->limit_bytes) PUT(" limit-bytes %llu", (unsigned long long)p->limit_bytes);
  if (p->trace_path[0]) PUT(" trace %s", p->trace_path);
  if (p->off_ns > 0) PUT(" onoff %.3fms %.3fms%s", p->on_ns / 1e6, p->off_ns / 1e6, p->onoff_exp ? " exp" : "");
#undef PUT
}
