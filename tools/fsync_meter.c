/*
 * The server's syncs, counted, timed and optionally slowed: an LD_PRELOAD library for
 * tools/web_load.py (it compiles this file with cc when asked for --fsync-report).
 *
 * fsync and fdatasync call the real ones, then, when FSYNC_METER_DELAY_US is set, sleep that
 * many microseconds more: a disk whose syncs take as long as a slower machine's. When the
 * process ends, one line goes to the file FSYNC_METER_REPORT: "calls seconds", the number of
 * syncs and the wall time spent in them (delay included).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static atomic_long calls;
static atomic_long nanoseconds;

static long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

static void extra_delay(void) {
    const char *delay = getenv("FSYNC_METER_DELAY_US");
    long us = delay ? atol(delay) : 0;
    if (us > 0) {
        struct timespec t = {us / 1000000L, (us % 1000000L) * 1000L};
        nanosleep(&t, NULL);
    }
}

static int metered(int (*real)(int), int fd) {
    long start = now_ns();
    int result = real(fd);
    extra_delay();
    atomic_fetch_add(&calls, 1);
    atomic_fetch_add(&nanoseconds, now_ns() - start);
    return result;
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    return metered(real, fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    return metered(real, fd);
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("FSYNC_METER_REPORT");
    if (!path) return;
    FILE *file = fopen(path, "w");
    if (!file) return;
    fprintf(file, "%ld %.6f\n", atomic_load(&calls), atomic_load(&nanoseconds) / 1e9);
    fclose(file);
}
