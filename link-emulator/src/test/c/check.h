/* check.h: the C tests' one way of checking. A test is a function; CHECK records a failure with
 * its line and goes on; RUN runs a test and prints ok or FAIL; main returns failed_tests, the
 * exit status make test reads. */
#ifndef LINKEM_CHECK_H
#define LINKEM_CHECK_H

#include <stdio.h>

static int failures_in_test, failed_tests, tests;

#define CHECK(cond, ...)                               \
  do {                                                 \
    if (!(cond)) {                                     \
      printf("  FAIL line %d: %s: ", __LINE__, #cond); \
      printf(__VA_ARGS__);                             \
      printf("\n");                                    \
      failures_in_test++;                              \
    }                                                  \
  } while (0)

#define RUN(t)                                                  \
  do {                                                          \
    failures_in_test = 0;                                       \
    tests++;                                                    \
    t();                                                        \
    printf("%s %s\n", failures_in_test ? "FAIL" : "ok  ", #t); \
    if (failures_in_test) failed_tests++;                       \
  } while (0)

#endif
