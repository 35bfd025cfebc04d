// The C side of the terminal: ncursesw itself plus the few things Swift cannot import from
// it (attribute and key macros, C globals in Swift 6 mode, wcwidth), and the signal handling
// that restores the terminal on every way out of the program.
#pragma once
#define NCURSES_WIDECHAR 1            /* before curses.h: get_wch, cchar_t, init_extended_pair */

#include <locale.h>
#include <wchar.h>
#if defined(__APPLE__)
/* macOS ships ncurses 5.7 as "ncurses", wide-character API included (behind this macro). */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#else
#include <ncursesw/curses.h>
#endif

/* Extended color pairs (ncurses 6.1+): more than 256 pairs, and direct RGB colors. Older
   libraries (macOS's 5.7) get plain pairs, at most 256 of them, which is enough for the
   256-color palette the backend then uses. */
#if defined(NCURSES_VERSION_MAJOR) && (NCURSES_VERSION_MAJOR > 6 || (NCURSES_VERSION_MAJOR == 6 && NCURSES_VERSION_MINOR >= 1))
#define CC_EXTENDED_COLORS 1
#else
#define CC_EXTENDED_COLORS 0
#endif
static inline int cc_has_extended_colors(void) { return CC_EXTENDED_COLORS; }
static inline int cc_init_pair(int pair, int foreground, int background) {
#if CC_EXTENDED_COLORS
    return init_extended_pair(pair, foreground, background);
#else
    if (pair > 255 || foreground > 255 || background > 255) return ERR;
    return init_pair((short)pair, (short)foreground, (short)background);
#endif
}
/* A complex character with a color pair that may be above 255 where the library allows. */
static inline int cc_setcchar(cchar_t *out, const wchar_t *text, attr_t attributes, int pair) {
#if CC_EXTENDED_COLORS
    return setcchar(out, text, attributes, 0, &pair);
#else
    return setcchar(out, text, attributes, (short)pair, NULL);
#endif
}

static inline attr_t cc_A_BOLD(void)      { return A_BOLD; }
static inline attr_t cc_A_DIM(void)       { return A_DIM; }
static inline attr_t cc_A_REVERSE(void)   { return A_REVERSE; }
static inline attr_t cc_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t cc_A_ITALIC(void)    { return A_ITALIC; }
static inline int    cc_key_f(int n)      { return KEY_F(n); }
static inline WINDOW *cc_stdscr(void)     { return stdscr; }
static inline int    cc_colors(void)      { return COLORS; }
static inline int    cc_color_pairs(void) { return COLOR_PAIRS; }
static inline int    cc_cchar_max(void)   { return CCHARW_MAX; }

/* The mouse: the left button and the wheel, reported at once (no click resolution delay:
   double clicks are counted by the caller, which has the clock). 1 when the terminal can
   report them. ncurses 5 (macOS) has no fifth button: the wheel turns only up there. */
static inline int cc_mouse_enable(int on) {
    mmask_t wanted = 0;
    if (on) {
        /* Clicks too: a press and release read in one go are merged into a click (or a double
           click) even with no resolution delay. */
        wanted = BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED;
#if defined(NCURSES_MOUSE_VERSION) && NCURSES_MOUSE_VERSION > 1
        wanted |= BUTTON5_PRESSED;
#endif
    }
    mouseinterval(0);
    return mousemask(wanted, NULL) != 0;
}
/* The mouse event curses just reported as KEY_MOUSE: 1 press (or a click), 2 release,
   3 wheel up, 4 wheel down, 5 double click, 0 another button; -1 when there is none. */
static inline int cc_get_mouse(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *x = event.x;
    *y = event.y;
    if (event.bstate & BUTTON1_DOUBLE_CLICKED) return 5;
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    if (event.bstate & BUTTON1_RELEASED) return 2;
    if (event.bstate & BUTTON4_PRESSED) return 3;
#if defined(NCURSES_MOUSE_VERSION) && NCURSES_MOUSE_VERSION > 1
    if (event.bstate & BUTTON5_PRESSED) return 4;
#endif
    return 0;
}
static inline int cc_key_mouse(void) { return KEY_MOUSE; }

/// Asks the terminal to bracket pasted text (ESC [ 200 ~ … ESC [ 201 ~), or stops asking.
/// `cc_end_curses` stops it too, so the shell never gets bracketed pastes after an exit.
void cc_bracketed_paste(int on);

/// Sets the locale from the environment, falling back to C.UTF-8 when that is not UTF-8,
/// so wide characters are drawn and measured correctly.
void cc_setup_locale(void);

/// The display width of one Unicode scalar, as ncurses measures it (-1: not printable).
int cc_wcwidth(unsigned int scalar);

/// Installs handlers for INT, TERM, HUP, QUIT and the fatal signals that restore the terminal
/// (endwin once), replay what was written to stderr meanwhile, and then let the signal do what
/// it would have done. Call before initscr/newterm.
void cc_install_restore_handlers(void);

/// Sends stderr to a temporary file while curses owns the screen, so that messages (a Swift
/// fatal error, say) are not lost on the alternate screen. `cc_restore_stderr` puts it back
/// and copies what was written.
void cc_capture_stderr(void);
void cc_restore_stderr(void);

/// endwin() unless it already ran; safe to call more than once and from a signal handler.
void cc_end_curses(void);
/// Marks curses as active again (after a resume from suspend).
void cc_curses_started(void);

/// Stops the process group (Ctrl-Z in raw mode) after restoring the terminal; returns when
/// the shell resumes it.
void cc_suspend(void);

/// Writes bytes straight to the terminal (for OSC 52), bypassing curses' buffer.
void cc_write_tty(const char *bytes, int count);

/// 1 when the terminfo entry `name` exists and can address the cursor (a full-screen program
/// can run on it), else 0. Prints nothing and leaves no terminal set up.
int cc_term_usable(const char *name);
/* The terminal's answer to OSC 11 (its background color), read up to its DA1 answer. */
int cc_query_background(char *out, int cap, int timeout_ms);

/// Starts curses on stdout/stdin for terminal type `name`; 0 when the type is unknown (unlike
/// initscr, which prints and exits).
int cc_start_curses(const char *name);

