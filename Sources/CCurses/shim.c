#define _XOPEN_SOURCE 700   /* must precede every include: declares wcwidth */
#include <errno.h>
#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <time.h>
#include "CCurses.h"
#if defined(__APPLE__)
#include <term.h>
#else
#include <ncursesw/term.h>
#endif

static volatile sig_atomic_t curses_active = 0;
static volatile sig_atomic_t bracketed_paste = 0;
static int saved_stderr = -1;
static FILE *captured_stderr = NULL;

void cc_setup_locale(void) {
    setlocale(LC_ALL, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0) setlocale(LC_CTYPE, "C.UTF-8");
}

int cc_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

void cc_curses_started(void) { curses_active = 1; }

static void write_all(const char *bytes, int count);

void cc_bracketed_paste(int on) {
    static const char enable[] = "\033[?2004h", disable[] = "\033[?2004l";
    if (on) write_all(enable, sizeof enable - 1); else if (bracketed_paste) write_all(disable, sizeof disable - 1);
    bracketed_paste = on;
}

void cc_end_curses(void) {
    if (curses_active) {
        curses_active = 0;
        // Also from signal handlers: write() only.
        cc_bracketed_paste(0);
        endwin();
    }
}

void cc_capture_stderr(void) {
    if (saved_stderr >= 0) return;
    captured_stderr = tmpfile();
    if (!captured_stderr) return;
    fflush(stderr);
    saved_stderr = dup(STDERR_FILENO);
    dup2(fileno(captured_stderr), STDERR_FILENO);
}

void cc_restore_stderr(void) {
    if (saved_stderr < 0) return;
    fflush(stderr);
    dup2(saved_stderr, STDERR_FILENO);
    close(saved_stderr);
    saved_stderr = -1;
    // Replay with read/write only: this also runs inside signal handlers.
    int fd = fileno(captured_stderr);
    char buffer[4096];
    lseek(fd, 0, SEEK_SET);
    ssize_t n;
    while ((n = read(fd, buffer, sizeof buffer)) > 0) {
        ssize_t off = 0;
        while (off < n) {
            ssize_t w = write(STDERR_FILENO, buffer + off, (size_t)(n - off));
            if (w <= 0) break;
            off += w;
        }
    }
}

static const int handled[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV };
#define HANDLED_COUNT (sizeof handled / sizeof handled[0])
static struct sigaction previous[HANDLED_COUNT];

static void restore_handler(int sig, siginfo_t *info, void *context) {
    (void)context;
    cc_end_curses();
    cc_restore_stderr();
    for (unsigned i = 0; i < HANDLED_COUNT; i++) {
        if (handled[i] == sig) sigaction(sig, &previous[i], NULL);
    }
    // A synchronous fault returns and faults again, now into the previous handler (Swift's
    // backtracer). Everything else is re-raised; if the previous handler returns (the
    // backtracer does on a sent ABRT), the default action ends the process.
    if (info && info->si_code > 0 && (sig == SIGILL || sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGTRAP)) return;
    raise(sig);
    signal(sig, SIG_DFL);
    raise(sig);
    _exit(128 + sig);
}

void cc_install_restore_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = restore_handler;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < HANDLED_COUNT; i++) sigaction(handled[i], &action, &previous[i]);
    // A parent may have started us with signals blocked (threaded launchers do); the browser
    // needs these delivered to quit, restore, resize and suspend.
    sigset_t wanted;
    sigemptyset(&wanted);
    for (unsigned i = 0; i < HANDLED_COUNT; i++) sigaddset(&wanted, handled[i]);
    sigaddset(&wanted, SIGWINCH);
    sigaddset(&wanted, SIGTSTP);
    sigaddset(&wanted, SIGCONT);
    sigprocmask(SIG_UNBLOCK, &wanted, NULL);
}

void cc_suspend(void) {
    cc_end_curses();
    kill(0, SIGTSTP);
    curses_active = 1;
}

void cc_write_tty(const char *bytes, int count) {
    fflush(stdout);
    write_all(bytes, count);
}

static void write_all(const char *bytes, int count) {
    int off = 0;
    while (off < count) {
        ssize_t w = write(STDOUT_FILENO, bytes + off, (size_t)(count - off));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        off += (int)w;
    }
}

int cc_term_usable(const char *name) {
    int status = 0;
    if (setupterm((char *)name, STDOUT_FILENO, &status) != OK || status != 1) return 0;
    const char *cup = tigetstr("cup");
    int usable = cup != NULL && cup != (char *)-1;
    del_curterm(cur_term);
    cur_term = NULL;
    return usable;
}

int cc_start_curses(const char *name) {
    return newterm(name, stdout, stdin) != NULL;
}


/* Asks the terminal for its background color (OSC 11) and then for its device attributes
   (DA1), before curses starts. Every terminal answers DA1, and answers in order: once DA1's
   answer is read, an OSC 11 answer has come before it or will never come — so a terminal that
   ignores the question costs one round trip, and no late answer is left to be read as keys.
   Copies what came before DA1's answer into out (NUL-terminated, at most cap - 1 bytes) and
   returns its length; -1 when there is no terminal, or no DA1 answer within timeout_ms. */
int cc_query_background(char *out, int cap, int timeout_ms) {
    if (cap <= 0) return -1;
    out[0] = 0;
    int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return -1;
    struct termios saved, raw;
    if (tcgetattr(fd, &saved) != 0) { close(fd); return -1; }
    raw = saved;
    raw.c_lflag &= ~(ICANON | ECHO);
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(fd, TCSANOW, &raw) != 0) { close(fd); return -1; }
    static const char question[] = "\033]11;?\007\033[c";
    ssize_t written = write(fd, question, sizeof question - 1);
    char buffer[512];
    int length = 0, answered = -1;
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (written > 0 && answered < 0 && length < (int)sizeof buffer - 1) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (elapsed >= timeout_ms) break;
        struct pollfd p = { fd, POLLIN, 0 };
        int ready = poll(&p, 1, (int)(timeout_ms - elapsed));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) break;
        ssize_t n = read(fd, buffer + length, sizeof buffer - 1 - (size_t)length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        length += (int)n;
        buffer[length] = 0;
        /* DA1's answer: ESC [ ? digits and semicolons c */
        for (int i = 0; i + 2 < length; i++) {
            if (buffer[i] != 27 || buffer[i + 1] != '[' || buffer[i + 2] != '?') continue;
            int j = i + 3;
            while (j < length && ((buffer[j] >= '0' && buffer[j] <= '9') || buffer[j] == ';')) j++;
            if (j < length && buffer[j] == 'c') { answered = i; break; }
        }
    }
    tcsetattr(fd, TCSANOW, &saved);
    close(fd);
    if (answered < 0) return -1;
    int copied = answered < cap - 1 ? answered : cap - 1;
    memcpy(out, buffer, (size_t)copied);
    out[copied] = 0;
    return copied;
}
