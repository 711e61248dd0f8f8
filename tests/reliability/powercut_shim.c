/* Power-cut simulator, loaded with LD_PRELOAD into the kill test's child.
 *
 * A power cut keeps only what was fsynced.  This shim makes that visible:
 * each fsync()/fdatasync() of a regular file under $POWERCUT_WATCH first copies
 * the file's whole current content to $POWERCUT_SNAP/<name> (through a
 * temporary file and rename(), so a kill during the copy keeps the previous
 * snapshot: the fsync had not returned).  After the child is SIGKILLed, the
 * test restores every file from its snapshot and deletes the files that were
 * never fsynced (tests/reliability/powercut.py).
 *
 * unlink()/unlinkat() of a watched file drops its snapshot (an unlink counts
 * as durable: optimistic, SQLite in WAL mode only unlinks on a clean close).
 * Directory fsyncs are ignored (a file's directory entry is taken to be
 * durable once its content is: optimistic too).
 *
 * $POWERCUT_KILL_AT=N (N >= 1) SIGKILLs the process at the N-th fsync of a
 * watched file, before its snapshot: the power fails during that fsync.
 * The real fsync is not called (the snapshot is the durable copy), which
 * keeps the test fast on any filesystem, tmpfs included.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static long fsync_count = 0;

static const char *watched_name(const char *path) {
    /* The file name when `path` is directly inside $POWERCUT_WATCH, else NULL. */
    const char *watch = getenv("POWERCUT_WATCH");
    size_t len;
    if (watch == NULL || path == NULL) return NULL;
    len = strlen(watch);
    if (strncmp(path, watch, len) != 0 || path[len] != '/') return NULL;
    if (strchr(path + len + 1, '/') != NULL) return NULL;
    return path + len + 1;
}

static int fd_path(int fd, char *out, size_t size) {
    char link[64];
    ssize_t n;
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    n = readlink(link, out, size - 1);
    if (n < 0) return -1;
    out[n] = '\0';
    return 0;
}

static void die(const char *what, const char *path) {
    fprintf(stderr, "powercut_shim: %s %s: %s\n", what, path, strerror(errno));
    abort();   /* loud: the test sees a crashed child, never a silent gap */
}

static void snapshot(int fd) {
    char path[PATH_MAX], target[PATH_MAX], temp[PATH_MAX + 8];
    const char *name, *snap = getenv("POWERCUT_SNAP");
    const char *kill_at = getenv("POWERCUT_KILL_AT");
    struct stat st;
    char buffer[1 << 16];
    off_t offset = 0;
    int in, out;

    if (snap == NULL || fd_path(fd, path, sizeof path) != 0) return;
    name = watched_name(path);
    if (name == NULL || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return;
    fsync_count++;
    if (kill_at != NULL && atol(kill_at) == fsync_count) kill(getpid(), SIGKILL);
    snprintf(target, sizeof target, "%s/%s", snap, name);
    /* read through a fresh descriptor: the caller's may be write-only */
    snprintf(temp, sizeof temp, "/proc/self/fd/%d", fd);
    in = open(temp, O_RDONLY);
    if (in < 0) die("cannot reopen", path);
    snprintf(temp, sizeof temp, "%s.tmp", target);
    out = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) die("cannot create", temp);
    for (;;) {
        ssize_t got = pread(in, buffer, sizeof buffer, offset);
        if (got < 0) die("cannot read", path);
        if (got == 0) break;
        if (write(out, buffer, (size_t)got) != got) die("cannot write", temp);
        offset += got;
    }
    close(in);
    close(out);
    if (rename(temp, target) != 0) die("cannot rename", temp);
}

int fsync(int fd) {
    snapshot(fd);
    return 0;
}

int fdatasync(int fd) {
    snapshot(fd);
    return 0;
}

static void forget(const char *path) {
    char dir[PATH_MAX], real[PATH_MAX + 256], target[PATH_MAX];
    const char *slash = strrchr(path, '/'), *name, *snap = getenv("POWERCUT_SNAP");
    if (snap == NULL || slash == NULL || (size_t)(slash - path) >= sizeof dir) return;
    memcpy(dir, path, (size_t)(slash - path));
    dir[slash - path] = '\0';
    if (realpath(dir[0] ? dir : "/", real) == NULL) return;
    strncat(real, slash, sizeof real - strlen(real) - 1);
    name = watched_name(real);
    if (name == NULL) return;
    snprintf(target, sizeof target, "%s/%s", snap, name);
    unlink(target);
}

int unlink(const char *path) {
    static int (*real_unlink)(const char *) = NULL;
    if (real_unlink == NULL) real_unlink = (int (*)(const char *))dlsym(RTLD_NEXT, "unlink");
    int rc = real_unlink(path);
    if (rc == 0 && path[0] == '/') forget(path);
    return rc;
}

int unlinkat(int dirfd, const char *path, int flags) {
    static int (*real_unlinkat)(int, const char *, int) = NULL;
    if (real_unlinkat == NULL)
        real_unlinkat = (int (*)(int, const char *, int))dlsym(RTLD_NEXT, "unlinkat");
    int rc = real_unlinkat(dirfd, path, flags);
    if (rc == 0 && path[0] == '/') forget(path);
    return rc;
}
