package io.signo.server.cli;

import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/**
 * A line that shows long work on a terminal, as Trino's CLI shows a running query: redrawn in place
 * a few times a second from half a second on, with the text its owner computes from the elapsed
 * time, and erased before other output is printed and when the work ends. Off when there is no
 * terminal to draw on: piped or redirected output never carries it.
 */
public final class ProgressLine
        implements AutoCloseable
{
    private static final long FIRST_DRAW_MILLIS = 500;
    private static final long REDRAW_MILLIS = 200;
    private static final int BAR_WIDTH = 30;
    private static final ScheduledExecutorService TICKS = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "signo-progress");
        thread.setDaemon(true);
        return thread;
    });

    private final PrintWriter terminal;
    private final LongFunction<String> text;
    private final long startNanos = System.nanoTime();
    private final ScheduledFuture<?> ticks;
    private int drawnLength;
    private boolean closed;

    private ProgressLine(PrintWriter terminal, LongFunction<String> text)
    {
        this.terminal = terminal;
        this.text = text;
        this.ticks = terminal == null ? null : TICKS.scheduleAtFixedRate(this::draw, FIRST_DRAW_MILLIS, REDRAW_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * A line drawn on {@code terminal} with the text {@code text} gives for the nanoseconds since
     * now (called on another thread: what it reads must be safe to read there); one that draws
     * nothing when {@code terminal} is null.
     */
    public static ProgressLine start(PrintWriter terminal, LongFunction<String> text)
    {
        return new ProgressLine(terminal, text);
    }

    /** Standard error, when this process's output is a terminal (not a pipe or a file); else null: no progress is drawn. */
    public static PrintWriter standardErrorOnTerminal()
    {
        Console console = System.console();
        return console != null && console.isTerminal() ? new PrintWriter(System.err, true) : null;
    }

    /** {@code Running 3.4 s, 1,234 rows received}. */
    public static String rowsReceived(long nanos, long rows)
    {
        return String.format(Locale.ROOT, "Running %.1f s, %,d %s received", nanos / 1e9, rows, rows == 1 ? "row" : "rows");
    }

    /** {@code [#########---------------------]  9/22  30%  q10  12.3 s}: a bar of {@code done} of {@code total} steps, the current one named. */
    public static String bar(long nanos, int done, int total, String current)
    {
        int filled = total == 0 ? BAR_WIDTH : (int) ((long) BAR_WIDTH * done / total);
        return String.format(Locale.ROOT, "[%s%s] %d/%d %3d%%  %s  %.1f s", "#".repeat(filled), "-".repeat(BAR_WIDTH - filled), done, total,
                total == 0 ? 100 : 100 * done / total, current, nanos / 1e9);
    }

    private synchronized void draw()
    {
        if (closed) {
            return;
        }
        String line = text.apply(System.nanoTime() - startNanos);
        terminal.print("\r" + line + " ".repeat(Math.max(0, drawnLength - line.length())));
        terminal.flush();
        drawnLength = line.length();
    }

    /** Erases the line, if drawn, so that what is printed next starts at the line's beginning. */
    public synchronized void erase()
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
