#define _XOPEN_SOURCE 700   /* must precede every include: declares wcwidth */
#include <errno.h>
#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "CCurses.h"
#if defined(__APPLE__)
#include <term.h>
#else
#include <ncursesw/term.h>
#endif

static volatile sig_atomic_t curses_active = 0;
static int saved_stderr = -1;
static FILE *captured_stderr = NULL;

void cc_setup_locale(void) {
    setlocale(LC_ALL, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0) setlocale(LC_CTYPE, "C.UTF-8");
}

int cc_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

void cc_curses_started(void) { curses_active = 1; }

void cc_end_curses(void) {
    if (curses_active) {
        curses_active = 0;
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

