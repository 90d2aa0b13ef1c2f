/* linkem-probe: what the emulator's tests and benchmark measure a link with, in C so the probe
 * adds microseconds, not a JVM's hundreds:
 *   linkem-probe echo ADDR PORT [spin]   serve: echo every byte back (TCP_NODELAY), prints "port N"
 *   linkem-probe rtt ADDR PORT COUNT [SIZE [CONNS [spin]]]
 *                                        COUNT round trips of SIZE bytes (64) over CONNS
 *                                        connections at once (1); prints percentiles, mean and
 *                                        standard deviation (us)
 *   spin: busy-poll instead of sleeping (neither end's wake-up in the round trip)
 *   linkem-probe sink ADDR PORT          serve: read to EOF, print "bytes N seconds S bits_per_s R"
 *   linkem-probe send ADDR PORT BYTES    send BYTES, then close
 * Exit: 0 ok, 1 a socket failed, 2 bad usage. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <math.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* connections one probe serves or opens at most; untimed round trips on each before the timed */
#define MAX_CONNS 64
#define WARMUP 5

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int die(const char *what) {
  perror(what);
  return 1;
}

static int addr_of(const char *host, const char *port, struct sockaddr_in *sa) {
  memset(sa, 0, sizeof *sa);
  sa->sin_family = AF_INET;
  sa->sin_port = htons((unsigned short)atoi(port));
  return inet_pton(AF_INET, host, &sa->sin_addr) == 1 ? 0 : -1;
}

static int listen_on(const char *host, const char *port) {
  struct sockaddr_in sa;
  if (addr_of(host, port, &sa) < 0) return -1;
  int s = socket(AF_INET, SOCK_STREAM, 0), one = 1;
  setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (bind(s, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(s, 16) < 0) return -1;
  socklen_t len = sizeof sa;
  getsockname(s, (struct sockaddr *)&sa, &len);
  printf("port %d\n", ntohs(sa.sin_port));
  fflush(stdout);
  return s;
}

static int connect_to(const char *host, const char *port) {
  struct sockaddr_in sa;
  if (addr_of(host, port, &sa) < 0) return -1;
  int s = socket(AF_INET, SOCK_STREAM, 0), one = 1;
  if (connect(s, (struct sockaddr *)&sa, sizeof sa) < 0) return -1;
  setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return s;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* poll_wait: poll, or with spin a busy loop of zero-timeout polls, so that neither end sleeps
 * and the round trip holds the link's time, not an idle CPU's wake-up */
static int poll_wait(struct pollfd *fds, int n, int spin) {
  if (!spin) return poll(fds, (nfds_t)n, 10000);
  for (;;) {
    int r = poll(fds, (nfds_t)n, 0);
    if (r != 0) return r;
  }
}

/* echo: every connection's bytes back, all connections in one thread; spinning, it serves one
 * prober (it ends when the last of its connections closes, or after 2 minutes without any), so a
 * lost one never keeps a core busy */
static int echo(const char *host, const char *port, int spin) {
  int s = listen_on(host, port);
  if (s < 0) return die("echo: listen");
  static struct pollfd fds[MAX_CONNS + 1];
  int n = 1, served = 0;
  double started = now_us();
  fds[0].fd = s;
  fds[0].events = POLLIN;
  char buf[65536];
  for (;;) {
    if (spin && (served ? n == 1 : now_us() - started > 120e6)) return 0;
    int r = spin ? poll(fds, (nfds_t)n, 0) : poll(fds, (nfds_t)n, 10000);
    if (r < 0) return die("echo: poll");
    if (r == 0) continue;
    if (fds[0].revents & POLLIN) {
      int c = accept(s, NULL, NULL), one = 1;
      if (c < 0) return die("echo: accept");
      setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      if (n > MAX_CONNS) {
        close(c);
      } else {
        fds[n].fd = c;
        fds[n].events = POLLIN;
        fds[n++].revents = 0;
        served = 1;
      }
    }
    for (int i = 1; i < n; i++) {
      if (!fds[i].revents) continue;
      ssize_t got = read(fds[i].fd, buf, sizeof buf);
      if (got <= 0 || write(fds[i].fd, buf, (size_t)got) != got) {
        close(fds[i].fd);
        fds[i--] = fds[--n];
      }
    }
  }
}

/* one connection of rtt: its untimed and timed round trips still to make, the bytes of the
 * current one back so far (-1: none under way), when it started, when the connection may start */
struct conn {
  int warm, left, got;
  double t0, start_at;
};

/* rtt: COUNT timed round trips of SIZE bytes over CONNS connections at once (each one round trip
 * at a time; the first connection's untimed warm-up spaces the others' starts over a round trip,
 * so their packets do not meet), then the percentiles, mean and standard deviation */
static int rtt(const char *host, const char *port, int count, int size, int conns, int spin) {
  static struct pollfd fds[MAX_CONNS];
  static struct conn c[MAX_CONNS];
  char *buf = calloc(1, (size_t)size);
  double *t = malloc(sizeof(double) * (size_t)count);
  int timed = 0, started = 0;
  for (int k = 0; k < conns; k++) {
    fds[k].fd = connect_to(host, port);
    if (fds[k].fd < 0) return die("rtt: connect");
    fds[k].events = POLLIN;
    c[k] = (struct conn){.warm = WARMUP, .left = count / conns + (k < count % conns), .got = -1};
  }
  for (int done = 0; done < conns;) {
    for (int k = 0; k < conns; k++) {
      if (c[k].got >= 0 || c[k].warm + c[k].left == 0) continue;
      double now = now_us();
      if (k > 0 && (!started || now < c[k].start_at)) continue;
      c[k].t0 = now;
      if (write(fds[k].fd, buf, (size_t)size) != size) return die("rtt: write");
      c[k].got = 0;
    }
    int r = poll_wait(fds, conns, spin);
    if (r < 0) return die("rtt: poll");
    for (int k = 0; k < conns; k++) {
      if (!fds[k].revents) continue;
      if (fds[k].revents & (POLLERR | POLLHUP)) return die("rtt: the echo closed");
      ssize_t n = read(fds[k].fd, buf + c[k].got, (size_t)(size - c[k].got));
      if (n <= 0) return die("rtt: read");
      if ((c[k].got += (int)n) < size) continue;
      double now = now_us(), took = now - c[k].t0;
      c[k].got = -1;
      if (c[k].warm > 0) {
        if (--c[k].warm == 0 && k == 0) { /* the first warmed up: the others start, spaced */
          started = 1;
          for (int j = 1; j < conns; j++) c[j].start_at = now + j * took / conns;
        }
      } else {
        t[timed++] = took;
        c[k].left--;
      }
      if (c[k].warm + c[k].left == 0) done++;
    }
  }
  for (int k = 0; k < conns; k++) close(fds[k].fd);
  count = timed;
  qsort(t, (size_t)count, sizeof *t, cmp);
  double sum = 0, squares = 0;
  for (int i = 0; i < count; i++) sum += t[i];
  for (int i = 0; i < count; i++) squares += (t[i] - sum / count) * (t[i] - sum / count);
#define P(q) t[(int)((q) * (count - 1))]
  printf("rtt_us n=%d min=%.1f p10=%.1f p50=%.1f p90=%.1f p99=%.1f max=%.1f mean=%.1f sd=%.1f conns=%d spin=%d\n",
         count, t[0], P(0.1), P(0.5), P(0.9), P(0.99), t[count - 1], sum / count,
         count > 1 ? sqrt(squares / (count - 1)) : 0.0, conns, spin);
  return 0;
}

static int sink(const char *host, const char *port) {
  int s = listen_on(host, port);
  if (s < 0) return die("sink: listen");
  int c = accept(s, NULL, NULL);
  if (c < 0) return die("sink: accept");
  static char buf[1 << 16];
  long long total = 0;
  double t0 = 0, t1 = 0;
  ssize_t n;
  while ((n = read(c, buf, sizeof buf)) > 0) {
    if (total == 0) t0 = now_us();
    total += n;
    t1 = now_us();
  }
  double secs = (t1 - t0) / 1e6;
  printf("bytes %lld seconds %.6f bits_per_s %.0f\n", total, secs, secs > 0 ? total * 8 / secs : 0);
  return 0;
}

static int send_bytes(const char *host, const char *port, long long bytes) {
  int s = connect_to(host, port);
  if (s < 0) return die("send: connect");
  static char buf[1 << 16];
  while (bytes > 0) {
    ssize_t n = write(s, buf, bytes < (long long)sizeof buf ? (size_t)bytes : sizeof buf);
    if (n <= 0) return die("send: write");
    bytes -= n;
  }
  shutdown(s, SHUT_WR);
  while (read(s, buf, sizeof buf) > 0) {
  }
  close(s);
  return 0;
}

/* spin_arg: "spin" busy-polls, "block" (the default) sleeps in poll */
static int spin_arg(int argc, char **argv, int at) {
  return argc > at && strcmp(argv[at], "spin") == 0;
}

int main(int argc, char **argv) {
  if (argc >= 4 && strcmp(argv[1], "echo") == 0) return echo(argv[2], argv[3], spin_arg(argc, argv, 4));
  if (argc >= 4 && strcmp(argv[1], "sink") == 0) return sink(argv[2], argv[3]);
  if (argc >= 5 && strcmp(argv[1], "rtt") == 0) {
    int count = atoi(argv[4]), size = argc >= 6 ? atoi(argv[5]) : 64, conns = argc >= 7 ? atoi(argv[6]) : 1;
    if (count < 1 || size < 1 || size > 1 << 20 || conns < 1 || conns > MAX_CONNS || conns > count) {
      fprintf(stderr, "linkem-probe: rtt needs COUNT >= 1, SIZE 1..1048576 and CONNS 1..64 (at most COUNT)\n");
      return 2;
    }
    return rtt(argv[2], argv[3], count, size, conns, spin_arg(argc, argv, 7));
  }
  if (argc >= 5 && strcmp(argv[1], "send") == 0) return send_bytes(argv[2], argv[3], atoll(argv[4]));
  fprintf(stderr, "usage: linkem-probe echo ADDR PORT [spin] | rtt ADDR PORT COUNT [SIZE [CONNS [spin]]] | sink ADDR PORT"
                  " | send ADDR PORT BYTES\n");
  return 2;
}
