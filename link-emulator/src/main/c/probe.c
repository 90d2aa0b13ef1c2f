/* linkem-probe: what the emulator's tests and benchmark measure a link with, in C so the probe
 * adds microseconds, not a JVM's hundreds:
 *   linkem-probe echo ADDR PORT          serve: echo every byte back (TCP_NODELAY), prints "port N"
 *   linkem-probe rtt ADDR PORT COUNT [SIZE]
 *                                        COUNT round trips of SIZE bytes (64); prints percentiles (us)
 *   linkem-probe sink ADDR PORT          serve: read to EOF, print "bytes N seconds S bits_per_s R"
 *   linkem-probe send ADDR PORT BYTES    send BYTES, then close
 * Exit: 0 ok, 1 a socket failed, 2 bad usage. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

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

static int echo(const char *host, const char *port) {
  int s = listen_on(host, port);
  if (s < 0) return die("echo: listen");
  char buf[65536];
  for (;;) {
    int c = accept(s, NULL, NULL), one = 1;
    if (c < 0) return die("echo: accept");
    setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    ssize_t n;
    while ((n = read(c, buf, sizeof buf)) > 0) {
      if (write(c, buf, (size_t)n) != n) break;
    }
    close(c);
  }
}

static int rtt(const char *host, const char *port, int count, int size) {
  int s = connect_to(host, port);
  if (s < 0) return die("rtt: connect");
  char *buf = calloc(1, (size_t)size);
  double *t = malloc(sizeof(double) * (size_t)count);
  for (int i = 0; i < count + 5; i++) { /* the first five warm the path (ARP, caches) */
    double t0 = now_us();
    if (write(s, buf, (size_t)size) != size) return die("rtt: write");
    for (int got = 0; got < size;) {
      ssize_t n = read(s, buf + got, (size_t)(size - got));
      if (n <= 0) return die("rtt: read");
      got += (int)n;
    }
    if (i >= 5) t[i - 5] = now_us() - t0;
  }
  close(s);
  qsort(t, (size_t)count, sizeof *t, cmp);
  double sum = 0;
  for (int i = 0; i < count; i++) sum += t[i];
#define P(q) t[(int)((q) * (count - 1))]
  printf("rtt_us n=%d min=%.1f p10=%.1f p50=%.1f p90=%.1f p99=%.1f max=%.1f mean=%.1f\n", count, t[0], P(0.1), P(0.5),
         P(0.9), P(0.99), t[count - 1], sum / count);
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

int main(int argc, char **argv) {
  if (argc >= 4 && strcmp(argv[1], "echo") == 0) return echo(argv[2], argv[3]);
  if (argc >= 4 && strcmp(argv[1], "sink") == 0) return sink(argv[2], argv[3]);
  if (argc >= 5 && strcmp(argv[1], "rtt") == 0) {
    int count = atoi(argv[4]), size = argc >= 6 ? atoi(argv[5]) : 64;
    if (count < 1 || size < 1 || size > 1 << 20) {
      fprintf(stderr, "linkem-probe: rtt needs COUNT >= 1 and SIZE 1..1048576\n");
      return 2;
    }
    return rtt(argv[2], argv[3], count, size);
  }
  if (argc >= 5 && strcmp(argv[1], "send") == 0) return send_bytes(argv[2], argv[3], atoll(argv[4]));
  fprintf(stderr,
          "usage: linkem-probe echo ADDR PORT | rtt ADDR PORT COUNT [SIZE] | sink ADDR PORT | send ADDR PORT BYTES\n");
  return 2;
}
