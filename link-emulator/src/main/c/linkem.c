/* linkem: a packet-level link emulator in userspace. It forwards Ethernet frames between a TAP
 * device in host A's network namespace and one in host B's, giving each direction netem's delay,
 * jitter, loss, duplication, reordering and rate (model.c), with a bounded bottleneck queue,
 * on/off outages and Mahimahi traces. One thread: it sleeps in ppoll until shortly before the
 * next packet is due, then spins the last microseconds (timer slack 1 ns), so a release is late
 * by tens of microseconds at most on an idle machine; it measures and reports how late. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "forward.h"
#include "model.h"

#define VERSION "linkem 1.0"
/* exit codes: one meaning each (docs/network-profiles.md) */
#define EXIT_OK 0
#define EXIT_RUNTIME 1 /* a device failed while forwarding */
#define EXIT_USAGE 2   /* bad arguments or settings: one line on stderr */
#define EXIT_SYSTEM 3  /* the OS refused: no /dev/net/tun, no namespace, not permitted */

#define READ_MAX (65536 + 256) /* a super-frame of 64 KB with its vnet and Ethernet headers */
#define SPIN_MIN_NS (50 * NS_PER_US)
#define SPIN_MAX_NS (1000 * NS_PER_US)
#define BUSY_SPIN_NS (2 * NS_PER_MS)
#define BACKLOG_PKTS 2 /* frames waiting at the rate that make a direction backlogged */
#define OFFLOADS (TUN_F_CSUM | TUN_F_TSO4 | TUN_F_TSO6 | TUN_F_TSO_ECN)

static volatile sig_atomic_t stop_requested, dump_requested, mark_requested;
static int64_t current_spin_ns; /* for the stats line */
static uint64_t coarse_wakes;   /* sleeps without a spin while a rate queue was backlogged */
static void on_stop(int sig) { (void)sig; stop_requested = 1; }
static void on_dump(int sig) { (void)sig; dump_requested = 1; }
static void on_mark(int sig) { (void)sig; mark_requested = 1; }

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * NS_PER_S + ts.tv_nsec;
}

static int64_t cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (int64_t)ts.tv_sec * NS_PER_S + ts.tv_nsec;
}

/* The window since the last SIGUSR2 (a mark: a runner's point starting): the release lateness of
 * both directions together, the counters and the CPU over it, so that one point's file can say
 * whether the emulator held its profile while that point ran (the totals mix every point). */
typedef struct {
  int64_t started, cpu_started, spin_started;
  uint64_t in, lost, queue_drops;
  late_hist_t late;
} window_t;

static window_t window;

static uint64_t sum_counter(direction_t *dirs, size_t offset) {
  uint64_t v = 0;
  for (int d = 0; d < 2; d++) v += *(const uint64_t *)((const char *)&dirs[d].link.c + offset);
  return v;
}

static void window_mark(direction_t *dirs, int64_t spin_total) {
  memset(&window.late, 0, sizeof window.late);
  window.started = now_ns();
  window.cpu_started = cpu_ns();
  window.spin_started = spin_total;
  window.in = sum_counter(dirs, offsetof(link_counters_t, in));
  window.lost = sum_counter(dirs, offsetof(link_counters_t, lost));
  window.queue_drops = sum_counter(dirs, offsetof(link_counters_t, queue_drops));
}

static void usage(FILE *out) {
  fprintf(out,
          "Usage: linkem --a NS:DEV --b NS:DEV [--both 'SETTINGS'] [--up 'SETTINGS'] [--down 'SETTINGS']\n"
          "              [--stats FILE] [--seed N] [--spin-us auto | --busy] [--rt 10] [--offload on|off]\n"
          "       linkem --check [--both|--up|--down 'SETTINGS']...\n"
          "\n"
          "Forwards Ethernet frames between TAP device DEV in network namespace NS of host A (--a) and\n"
          "one in host B's (--b); NS '-' is this process's namespace. A device that does not exist is\n"
          "made (and goes when linkem exits); a persistent one (ip tuntap add mode tap) is attached.\n"
          "Up is A -> B, down B -> A; --both sets both, then --up/--down add or override words.\n"
          "\n"
          "SETTINGS are netem's words (tc-netem(8)), so a tc line's arguments map one to one:\n"
          "  delay TIME [JITTER [CORR]]  distribution normal|pareto|paretonormal|uniform\n"
          "  loss [random] P [CORR] | loss gemodel P [R [1-H [1-K]]]   duplicate P [CORR]\n"
          "  corrupt P [CORR]   reorder P [CORR] [gap N]   rate RATE [OVERHEAD]   limit PACKETS\n"
          "and the emulator's own: limit-bytes SIZE (the bottleneck queue in bytes), trace FILE (a\n"
          "Mahimahi packet-delivery trace instead of rate), onoff ON OFF [exp] (outages).\n"
          "Units as tc's: 20ms 500us 1%% 100mbit. The rate queue comes first, then the delay line.\n"
          "The rate has a burst of 1 ms, as the lab's tbf: a frame that waited in its queue may leave\n"
          "up to 1 ms early (never before it arrived plus its own time on the wire), so one wake-up\n"
          "releases a millisecond of a backlog; a frame that finds the link idle leaves on time.\n"
          "\n"
          "--rt P runs the forwarding thread at SCHED_FIFO priority P (10; 0: a normal thread), so the\n"
          "machine's other load does not delay a release; --spin-us is how long before a release it\n"
          "stops sleeping and polls: auto (50 us, then the 99th percentile of how late its timers\n"
          "wake plus 10 us, at most 1 ms) or a fixed N; --busy polls the last 2 ms before every\n"
          "release (no wake-ups from idle for delays up to 2 ms: the most exact, at the cost of a\n"
          "core while busy).\n"
          "\n"
          "--offload on (the default) gives both devices the vnet header and offers TSO, as a\n"
          "hypervisor does: the kernel hands over TCP super-frames of up to 64 KB, linkem cuts them into\n"
          "wire-sized segments (each one lost, reordered, queued and delayed on its own) and writes the\n"
          "consecutive segments that leave in the same wake-up as one; off: the kernel cuts them.\n"
          "\n"
          "Prints 'linkem ready ...' once both devices are attached. SIGTERM/SIGINT stop it; stats\n"
          "(counters, release lateness, CPU per packet) go to stderr on exit and on SIGUSR1, and to\n"
          "--stats FILE every second and on SIGUSR1; SIGUSR2 marks a window (a point starting): the\n"
          "line 'linkem window' counts from the last mark. Exit: 0 stopped, 1 a device failed, 2 bad usage, 3 the OS\n"
          "refused (no /dev/net/tun, no namespace, not root).\n"
          "\n"
          "Example: linkem --a rpcxa:lab0 --b rpcxb:lab0 --both 'delay 20ms 2ms distribution normal loss 1%%'\n");
}

/* the TAP device DEV in namespace NS (or here), non-blocking, with the vnet header and TSO
 * offered when vnet (else none: the kernel cuts every TCP stream before linkem reads it, also on
 * a persistent device an earlier linkem left with offloads on); -1 with err */
static int open_tap(const char *spec, int vnet, char *err, size_t errlen) {
  char ns[256], dev[IFNAMSIZ];
  const char *colon = strchr(spec, ':');
  if (!colon || colon == spec || strlen(colon + 1) == 0 || strlen(colon + 1) >= IFNAMSIZ || (size_t)(colon - spec) >= sizeof ns) {
    snprintf(err, errlen, "'%s' is not NS:DEV (e.g. rpcxa:lab0, or -:tap0 for this namespace)", spec);
    return -2;
  }
  memcpy(ns, spec, (size_t)(colon - spec));
  ns[colon - spec] = 0;
  strcpy(dev, colon + 1);
  int home = -1;
  if (strcmp(ns, "-") != 0) {
    char path[300];
    snprintf(path, sizeof path, "/run/netns/%s", ns);
    int nsfd = open(path, O_RDONLY | O_CLOEXEC);
    if (nsfd < 0) {
      snprintf(err, errlen, "network namespace '%s': %s (%s)", ns, strerror(errno), path);
      return -1;
    }
    home = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    if (home < 0 || setns(nsfd, CLONE_NEWNET) < 0) {
      snprintf(err, errlen, "cannot enter network namespace '%s': %s", ns, strerror(errno));
      close(nsfd);
      return -1;
    }
    close(nsfd);
  }
  int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
  int rc = fd;
  if (fd < 0) {
    snprintf(err, errlen, "/dev/net/tun: %s", strerror(errno));
  } else {
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    ifr.ifr_flags = IFF_TAP | IFF_NO_PI | (vnet ? IFF_VNET_HDR : 0);
    memcpy(ifr.ifr_name, dev, strlen(dev)); /* shorter than IFNAMSIZ, checked above */
    if (ioctl(fd, TUNSETIFF, &ifr) < 0) {
      snprintf(err, errlen, "TAP device '%s' in '%s': %s", dev, ns, strerror(errno));
      close(fd);
      rc = -1;
    } else if (ioctl(fd, TUNSETOFFLOAD, (unsigned long)(vnet ? OFFLOADS : 0)) < 0) {
      snprintf(err, errlen, "TAP device '%s' in '%s': offloads %s: %s", dev, ns, vnet ? "on" : "off", strerror(errno));
      close(fd);
      rc = -1;
    }
  }
  if (home >= 0) {
    if (setns(home, CLONE_NEWNET) < 0 && rc >= 0) {
      snprintf(err, errlen, "cannot return to this process's namespace: %s", strerror(errno));
      close(fd);
      rc = -1;
    }
    close(home);
  }
  return rc;
}

static void print_stats(FILE *out, direction_t *dirs, int64_t started, int64_t cpu_started, const late_hist_t *wake,
                        int64_t spin_total) {
  uint64_t packets = 0;
  for (int d = 0; d < 2; d++) {
    link_counters_t *c = &dirs[d].link.c;
    packets += c->in;
    fprintf(out,
            "linkem %s in=%llu out=%llu bytes_in=%llu bytes_out=%llu lost=%llu queue_drops=%llu duplicated=%llu "
            "reordered=%llu corrupted=%llu write_errors=%llu max_queue_pkts=%llu max_queue_bytes=%llu "
            "late_us_p50=%.1f late_us_p99=%.1f late_us_p999=%.1f late_us_max=%.1f reads=%llu writes=%llu "
            "bad_frames=%llu\n",
            dirs[d].name, (unsigned long long)c->in, (unsigned long long)c->out, (unsigned long long)c->bytes_in,
            (unsigned long long)c->bytes_out, (unsigned long long)c->lost, (unsigned long long)c->queue_drops,
            (unsigned long long)c->duplicated, (unsigned long long)c->reordered, (unsigned long long)c->corrupted,
            (unsigned long long)dirs[d].write_errors, (unsigned long long)c->max_queue_pkts,
            (unsigned long long)c->max_queue_bytes, late_pct(&dirs[d].late, 0.5), late_pct(&dirs[d].late, 0.99),
            late_pct(&dirs[d].late, 0.999), dirs[d].late.max / 1e3, (unsigned long long)dirs[d].reads,
            (unsigned long long)dirs[d].writes, (unsigned long long)dirs[d].bad_frames);
  }
  double cpu_us = (double)(cpu_ns() - cpu_started) / 1e3;
  fprintf(out,
          "linkem total packets=%llu elapsed_s=%.3f cpu_ms=%.1f cpu_us_per_packet=%.2f spin_ms=%.1f "
          "wake_late_us_p50=%.1f wake_late_us_p99=%.1f spin_us=%lld coarse_wakes=%llu\n",
          (unsigned long long)packets, (double)(now_ns() - started) / 1e9, cpu_us / 1e3,
          packets ? cpu_us / (double)packets : 0.0, spin_total / 1e6, late_pct(wake, 0.5), late_pct(wake, 0.99),
          (long long)(current_spin_ns / NS_PER_US), (unsigned long long)coarse_wakes);
  /* since the last mark (SIGUSR2), else since the start: CPU and spin as shares of one core */
  double w_wall = (double)(now_ns() - window.started);
  if (w_wall < 1) w_wall = 1;
  fprintf(out,
          "linkem window elapsed_s=%.3f packets=%llu lost=%llu queue_drops=%llu late_us_p50=%.1f "
          "late_us_p99=%.1f late_us_max=%.1f cpu_share=%.3f spin_share=%.3f\n",
          w_wall / 1e9, (unsigned long long)(sum_counter(dirs, offsetof(link_counters_t, in)) - window.in),
          (unsigned long long)(sum_counter(dirs, offsetof(link_counters_t, lost)) - window.lost),
          (unsigned long long)(sum_counter(dirs, offsetof(link_counters_t, queue_drops)) - window.queue_drops),
          late_pct(&window.late, 0.5), late_pct(&window.late, 0.99), window.late.max / 1e3,
          (double)(cpu_ns() - window.cpu_started) / w_wall, (double)(spin_total - window.spin_started) / w_wall);
  fflush(out);
}

static void write_stats_file(const char *path, direction_t *dirs, int64_t started, int64_t cpu_started,
                             const late_hist_t *wake, int64_t spin_total) {
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (!f) return;
  print_stats(f, dirs, started, cpu_started, wake, spin_total);
  fclose(f);
  rename(tmp, path);
}

/* linkem lives as long as the link does: it keeps no descriptor it inherited beyond stdin, stdout
 * and stderr, or it would hold, say, the lock of whoever started it ("flock LOCK lab.sh up") until
 * the lab goes down. */
static void close_inherited_descriptors(void) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, 3U, ~0U, 0U) == 0) return;
#endif
  long max = sysconf(_SC_OPEN_MAX);
  for (long fd = 3; fd < (max > 0 ? max : 1024); fd++) close((int)fd);
}

int main(int argc, char **argv) {
  close_inherited_descriptors();
  const char *a_spec = NULL, *b_spec = NULL, *stats_path = NULL;
  link_params_t up, down;
  params_default(&up);
  params_default(&down);
  uint64_t seed = 1;
  int64_t spin_ns = 50 * NS_PER_US;
  int rt_prio = 10, spin_auto = 1, offload = 1;
  int check = 0;
  char err[600];
  /* --both first, whatever the order, so --up/--down override it */
  for (int i = 1; i + 1 < argc; i++) {
    if (strcmp(argv[i], "--both") == 0) {
      if (params_parse_string(&up, argv[i + 1], err, sizeof err) < 0 || params_parse_string(&down, argv[i + 1], err, sizeof err) < 0) {
        fprintf(stderr, "linkem: --both: %s\n", err);
        return EXIT_USAGE;
      }
    }
  }
  for (int i = 1; i < argc; i++) {
    const char *o = argv[i];
    if (strcmp(o, "--help") == 0 || strcmp(o, "-h") == 0) {
      usage(stdout);
      return EXIT_OK;
    }
    if (strcmp(o, "--version") == 0) {
      printf("%s\n", VERSION);
      return EXIT_OK;
    }
    if (strcmp(o, "--check") == 0) {
      check = 1;
      continue;
    }
    if (strcmp(o, "--busy") == 0) {
      /* stay awake the last BUSY_SPIN_NS before every release: no wake-up from idle for
       * delays up to that, a core while busy; longer spins met the kernel's RT throttling
       * (95 % of a second), which then held the thread 20 ms and more */
      spin_ns = BUSY_SPIN_NS;
      spin_auto = 0;
      continue;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "linkem: %s needs a value (try linkem --help)\n", o);
      return EXIT_USAGE;
    }
    const char *v = argv[++i];
    if (strcmp(o, "--a") == 0) a_spec = v;
    else if (strcmp(o, "--b") == 0) b_spec = v;
    else if (strcmp(o, "--stats") == 0) stats_path = v;
    else if (strcmp(o, "--both") == 0) continue;
    else if (strcmp(o, "--up") == 0 || strcmp(o, "--down") == 0) {
      if (params_parse_string(o[2] == 'u' ? &up : &down, v, err, sizeof err) < 0) {
        fprintf(stderr, "linkem: %s: %s\n", o, err);
        return EXIT_USAGE;
      }
    } else if (strcmp(o, "--seed") == 0) {
      char *end;
      seed = strtoull(v, &end, 10);
      if (*end || !*v) {
        fprintf(stderr, "linkem: --seed must be a whole number, got '%s'\n", v);
        return EXIT_USAGE;
      }
    } else if (strcmp(o, "--rt") == 0) {
      char *end;
      long r = strtol(v, &end, 10);
      if (*end || !*v || r < 0 || r > 99) {
        fprintf(stderr, "linkem: --rt must be 0 (off) or a SCHED_FIFO priority 1 to 99, got '%s'\n", v);
        return EXIT_USAGE;
      }
      rt_prio = (int)r;
    } else if (strcmp(o, "--offload") == 0) {
      if (strcmp(v, "on") != 0 && strcmp(v, "off") != 0) {
        fprintf(stderr, "linkem: --offload must be on or off, got '%s'\n", v);
        return EXIT_USAGE;
      }
      offload = strcmp(v, "on") == 0;
    } else if (strcmp(o, "--spin-us") == 0) {
      char *end;
      long s = strtol(v, &end, 10);
      if (strcmp(v, "auto") == 0) {
        spin_auto = 1;
      } else if (*end || !*v || s < 0 || s > 10000) {
        fprintf(stderr, "linkem: --spin-us must be auto or 0 to 10000, got '%s'\n", v);
        return EXIT_USAGE;
      } else {
        spin_ns = s * NS_PER_US;
        spin_auto = 0;
      }
    } else {
      fprintf(stderr, "linkem: unknown option '%s' (try linkem --help)\n", o);
      return EXIT_USAGE;
    }
  }
  char line_up[1024], line_down[1024];
  params_format(&up, line_up, sizeof line_up);
  params_format(&down, line_down, sizeof line_down);
  int64_t origin = now_ns();
  direction_t dirs[2] = {{.name = "up"}, {.name = "down"}};
  if (link_init(&dirs[0].link, &up, seed, origin, err, sizeof err) < 0 ||
      link_init(&dirs[1].link, &down, seed + 0x5bd1e995ULL, origin, err, sizeof err) < 0) {
    fprintf(stderr, "linkem: %s\n", err);
    return EXIT_USAGE;
  }
  if (check) {
    printf("up %s\ndown %s\n", line_up, line_down);
    return EXIT_OK;
  }
  if (!a_spec || !b_spec) {
    fprintf(stderr, "linkem: --a NS:DEV and --b NS:DEV are required (try linkem --help)\n");
    return EXIT_USAGE;
  }
  int fa = open_tap(a_spec, offload, err, sizeof err);
  if (fa < 0) {
    fprintf(stderr, "linkem: --a: %s\n", err);
    return fa == -2 ? EXIT_USAGE : EXIT_SYSTEM;
  }
  int fb = open_tap(b_spec, offload, err, sizeof err);
  if (fb < 0) {
    fprintf(stderr, "linkem: --b: %s\n", err);
    return fb == -2 ? EXIT_USAGE : EXIT_SYSTEM;
  }
  dirs[0].in_fd = fa;
  dirs[0].out_fd = fb;
  dirs[1].in_fd = fb;
  dirs[1].out_fd = fa;
  for (int d = 0; d < 2; d++) {
    dirs[d].vnet = offload;
    dirs[d].complete_csum = dirs[d].link.p.corrupt > 0;
  }

  prctl(PR_SET_TIMERSLACK, 1UL); /* hrtimers to the nanosecond, not the default 50 us */
  /* a real-time thread runs the moment its timer fires; under the box's other load a normal one
   * waited milliseconds for a CPU. The kernel's RT throttling (95 %) bounds a runaway. */
  char rt_state[64] = "off";
  if (rt_prio > 0) {
    struct sched_param sp = {.sched_priority = rt_prio};
    if (sched_setscheduler(0, SCHED_FIFO, &sp) == 0) snprintf(rt_state, sizeof rt_state, "fifo:%d", rt_prio);
    else snprintf(rt_state, sizeof rt_state, "off(%s)", strerror(errno));
    mlockall(MCL_CURRENT | MCL_FUTURE);
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sa.sa_handler = on_dump;
  sigaction(SIGUSR1, &sa, NULL);
  sa.sa_handler = on_mark;
  sigaction(SIGUSR2, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);

  printf("linkem ready a=%s b=%s seed=%llu spin_us=%lld rt=%s offload=%s\nup %s\ndown %s\n", a_spec, b_spec,
         (unsigned long long)seed, (long long)(spin_ns / NS_PER_US), rt_state, offload ? "on" : "off", line_up,
         line_down);
  fflush(stdout);

  static unsigned char buf[READ_MAX];
  static late_hist_t wake;
  int64_t started = now_ns(), cpu_started = cpu_ns(), spin_total = 0, next_stats = started + NS_PER_S;
  window_mark(dirs, 0);
  struct pollfd pfd[2] = {{.fd = fa, .events = POLLIN}, {.fd = fb, .events = POLLIN}};
  int rc = EXIT_OK;
  while (!stop_requested) {
    forward_release(&dirs[0], &window.late, now_ns);
    forward_release(&dirs[1], &window.late, now_ns);
    int64_t next = link_next(&dirs[0].link), next_down = link_next(&dirs[1].link);
    if (next_down < next) next = next_down;
    int64_t now = now_ns();
    if (stats_path && now >= next_stats) {
      write_stats_file(stats_path, dirs, started, cpu_started, &wake, spin_total);
      next_stats = now + NS_PER_S;
    }
    if (mark_requested) {
      mark_requested = 0;
      window_mark(dirs, spin_total);
    }
    if (dump_requested) {
      dump_requested = 0;
      print_stats(stderr, dirs, started, cpu_started, &wake, spin_total);
      if (stats_path) write_stats_file(stats_path, dirs, started, cpu_started, &wake, spin_total);
    }
    current_spin_ns = spin_ns;
    int64_t wait = next == INT64_MAX ? INT64_MAX : next - now;
    /* a queue at the rate: its departures are spaced by the rate from the last one, not from
     * when it was released, so a late wake-up releases the frames due by then together and the
     * rate holds; spinning for each (12 us apart at 1 Gbit/s) would take a core from the hosts.
     * An idle link's frame, whose release is the round trip, still gets the spin. */
    int backlogged = dirs[0].link.q_pkts >= BACKLOG_PKTS || dirs[1].link.q_pkts >= BACKLOG_PKTS;
    if (backlogged && wait > 0) {
      struct timespec ts = {.tv_sec = wait / NS_PER_S, .tv_nsec = wait % NS_PER_S};
      int n = ppoll(pfd, 2, &ts, NULL);
      coarse_wakes++;
      if (n < 0 && errno != EINTR) {
        rc = EXIT_RUNTIME;
        break;
      }
    } else if (wait > spin_ns) {
      /* sleep until spin_ns before the release (or a frame arrives); idle: until the next stats */
      int64_t sleep_ns = next != INT64_MAX ? wait - spin_ns : stats_path ? next_stats - now : -1;
      if (sleep_ns < 0 && stats_path) sleep_ns = 0;
      struct timespec ts = {.tv_sec = sleep_ns / NS_PER_S, .tv_nsec = sleep_ns % NS_PER_S};
      int n = ppoll(pfd, 2, sleep_ns < 0 ? NULL : &ts, NULL);
      if (n == 0 && next != INT64_MAX) {
        late_add(&wake, now_ns() - (now + sleep_ns));
        /* auto: spin as long as this machine's timers wake late (99th percentile) */
        if (spin_auto && (wake.n & 255) == 0) {
          int64_t p99 = (int64_t)(late_pct(&wake, 0.99) * NS_PER_US) + 10 * NS_PER_US;
          spin_ns = p99 < SPIN_MIN_NS ? SPIN_MIN_NS : p99 > SPIN_MAX_NS ? SPIN_MAX_NS : p99;
        }
      }
      if (n < 0 && errno != EINTR) {
        rc = EXIT_RUNTIME;
        break;
      }
    } else if (wait > 0) {
      /* the last microseconds: poll the devices without sleeping */
      int64_t t0 = now_ns();
      while (now_ns() < next && !stop_requested) {
        if (poll(pfd, 2, 0) > 0) break;
      }
      spin_total += now_ns() - t0;
    } else {
      poll(pfd, 2, 0);
    }
    for (int d = 0; d < 2; d++) {
      if ((pfd[d].revents & (POLLERR | POLLHUP | POLLNVAL)) && !(pfd[d].revents & POLLIN)) {
        fprintf(stderr, "linkem: the %s device failed (poll 0x%x)\n", d == 0 ? "A" : "B", pfd[d].revents);
        rc = EXIT_RUNTIME;
        stop_requested = 1;
      }
      if ((pfd[d].revents & POLLIN) && forward_read(&dirs[d], buf, sizeof buf, link_next(&dirs[1 - d].link), now_ns) < 0) {
        fprintf(stderr, "linkem: reading the %s device: %s\n", d == 0 ? "A" : "B", strerror(errno));
        rc = EXIT_RUNTIME;
        stop_requested = 1;
      }
      pfd[d].revents = 0;
    }
  }
  print_stats(stderr, dirs, started, cpu_started, &wake, spin_total);
  if (stats_path) write_stats_file(stats_path, dirs, started, cpu_started, &wake, spin_total);
  link_free(&dirs[0].link);
  link_free(&dirs[1].link);
  close(fa);
  close(fb);
  return rc;
}
