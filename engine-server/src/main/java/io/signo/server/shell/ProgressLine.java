package io.signo.server.shell;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * The line a running statement shows on a terminal, as Trino's CLI shows one: the time it has run
 * and the rows received so far, redrawn in place a few times a second from half a second on, and
 * erased before result rows are printed and when the statement ends. Off when the output is no
 * terminal: piped output never carries it.
 */
final class ProgressLine
        implements AutoCloseable
{
    private static final long FIRST_DRAW_MILLIS = 500;
    private static final long REDRAW_MILLIS = 200;
    private static final ScheduledExecutorService TICKS = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "signo-progress");
        thread.setDaemon(true);
        return thread;
    });

    private final PrintWriter terminal;
    private final long startNanos = System.nanoTime();
    private final ScheduledFuture<?> ticks;
    private volatile long rows;
    private int drawnLength;
    private boolean closed;

    private ProgressLine(PrintWriter terminal)
    {
        this.terminal = terminal;
        this.ticks = terminal == null ? null : TICKS.scheduleAtFixedRate(this::draw, FIRST_DRAW_MILLIS, REDRAW_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** A progress line drawn on {@code terminal}, or one that draws nothing when {@code onTerminal} is false. */
    static ProgressLine start(PrintWriter terminal, boolean onTerminal)
    {
        return new ProgressLine(onTerminal ? requireNonNull(terminal, "terminal is null") : null);
    }

    /** Whether this process's standard output is a terminal (not a pipe or a file). */
    static boolean outputIsTerminal()
    {
        java.io.Console console = System.console();
        return console != null && console.isTerminal();
    }

    void rows(long rows)
    {
        this.rows = rows;
    }

    /** The line as drawn after {@code nanos} with {@code rows} received. */
    static String text(long nanos, long rows)
    {
        return String.format(Locale.ROOT, "Running %.1f s, %,d %s received", nanos / 1e9, rows, rows == 1 ? "row" : "rows");
    }

    private synchronized void draw()
    {
        if (closed) {
            return;
        }
        String line = text(System.nanoTime() - startNanos, rows);
        terminal.print("\r" + line + " ".repeat(Math.max(0, drawnLength - line.length())));
        terminal.flush();
        drawnLength = line.length();
    }

    /** Erases the line, if drawn, so that what is printed next starts at the line's beginning. */
    synchronized void erase()
    {
        if (drawnLength > 0) {
            terminal.print("\r" + " ".repeat(drawnLength) + "\r");
            terminal.flush();
            drawnLength = 0;
        }
    }

    @Override
    public void close()
    {
        if (ticks != null) {
            ticks.cancel(false);
        }
        synchronized (this) {
            erase();
            closed = true;
        }
    }
}
