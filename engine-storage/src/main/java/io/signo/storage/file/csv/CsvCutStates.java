package io.signo.storage.file.csv;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Whether each cut of a file ({@link CsvSplits}) falls inside a quoted field, as {@link
 * CsvByteParser} reading the file from its first byte would find it, and where the first record
 * after a cut inside a quoted field starts. A cut is found without knowing the quote state there
 * (a few kilobytes are read around each target offset), so a quoted line break past the sniffed
 * sample can fall on one; a range must then read the records that start in it, not its lines.
 *
 * <p>Each range has a transition: its quote state at its end for either state at its start (after
 * a line feed the parser is either between records or inside a quoted field). The state at a cut
 * is the composition of the transitions of the ranges before it, from "outside" at the file's
 * start. A range's transition comes from its bytes alone, eight at a time while they hold no quote,
 * so the reader of a range computes it from the bytes it has read and publishes it; a reader that
 * needs one nobody published reads that range itself. Within one process every range's transition
 * and state are computed at most a few times (two readers may race); they are kept with the cuts.
 *
 * <p>The transition follows the parser's rules exactly: a quote opens a quoted field only at the
 * start of a field (after a delimiter, a line end or the record's start); inside, two quotes are
 * one, and any other quote closes the field; a quote anywhere else is text. So a stray quote inside
 * an unquoted field does not flip the state, as a count of quotes would.
 */
final class CsvCutStates
{
    /** A transition: the state at the end when the range starts outside (bit 0) and inside (bit 1) a quoted field. */
    static final int IDENTITY = 0b10;

    private static final int UNKNOWN = 0;
    private static final int OUTSIDE = 1;
    private static final int INSIDE = 2;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long BYTES = 0x0101_0101_0101_0101L;
    private static final long LOW_SEVEN_BITS = 0x7f7f_7f7f_7f7f_7f7fL;
    private static final int STREAM_BYTES = 64 << 10;

    /** Each thread's buffer for a range whose transition nobody published: the thread's own range is in use. */
    private static final ThreadLocal<byte[]> OTHER_RANGE = ThreadLocal.withInitial(() -> new byte[0]);

    private final Path file;
    private final List<CsvSplits.Split> splits;
    private final byte quote;
    private final byte delimiter;
    /** By range: its transition plus one, or {@link #UNKNOWN}. */
    private final AtomicIntegerArray transitions;
    /** By range: the state at its start ({@link #OUTSIDE}, {@link #INSIDE}) or {@link #UNKNOWN}. */
    private final AtomicIntegerArray startStates;

    CsvCutStates(Path file, List<CsvSplits.Split> splits, char delimiter, char quote)
    {
        if (!CsvByteParser.handles(delimiter, quote)) {
            throw new IllegalArgumentException("quote states follow the byte parser, which takes an ASCII delimiter and quote");
        }
        this.file = file;
        this.splits = splits;
        this.quote = (byte) quote;
        this.delimiter = (byte) delimiter;
        this.transitions = new AtomicIntegerArray(splits.size());
        this.startStates = new AtomicIntegerArray(splits.size());
        startStates.set(0, OUTSIDE);
    }

    /** Publishes range {@code index}'s transition, computed by its reader from its bytes. */
    void publish(int index, int transition)
    {
        transitions.set(index, transition + 1);
    }

    /** Whether the start of range {@code index} is inside a quoted field; computes the transitions before it that nobody published. */
    boolean insideAtStart(int index)
    {
        int known = index;
        while (startStates.get(known) == UNKNOWN) {
            int transition = transitions.get(known - 1);
            if (transition != UNKNOWN && isConstant(transition - 1)) {
                break;
            }
            known--;
        }
        int knownState = startStates.get(known);
        // a range whose transition is constant sets the state after it whatever the state before
        boolean inside = knownState == UNKNOWN ? endsInside(transition(known - 1), false) : knownState == INSIDE;
        startStates.set(known, inside ? INSIDE : OUTSIDE);
        for (int range = known; range < index; range++) {
            inside = endsInside(transition(range), inside);
            startStates.set(range + 1, inside ? INSIDE : OUTSIDE);
        }
        return inside;
    }

    /** The state at a range's end from the state at its start. */
    static boolean endsInside(int transition, boolean startsInside)
    {
        return (transition >>> (startsInside ? 1 : 0) & 1) != 0;
    }

    private static boolean isConstant(int transition)
    {
        return transition == 0b00 || transition == 0b11;
    }

    private int transition(int index)
    {
        int known = transitions.get(index);
        if (known != UNKNOWN) {
            return known - 1;
        }
        CsvSplits.Split split = splits.get(index);
        int length = (int) (split.end() - split.start());
        byte[] bytes = OTHER_RANGE.get();
        if (bytes.length < length) {
            bytes = new byte[length];
            OTHER_RANGE.set(bytes);
        }
        read(split.start(), bytes, length);
        int transition = transition(bytes, index == 0 ? byteOrderMarkLength(bytes, length) : 0, length, quote, delimiter);
        publish(index, transition);
        return transition;
    }

    /** Three bytes when {@code bytes} start with UTF-8's byte-order mark, which the parser skips at the file's start. */
    static int byteOrderMarkLength(byte[] bytes, int length)
    {
        return length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF ? 3 : 0;
    }

    /**
     * The transition of the range {@code bytes[from, to)}, which starts after a line break (or at
     * the file's start) and ends with one unless it ends the file.
     */
    static int transition(byte[] bytes, int from, int to, byte quote, byte delimiter)
    {
        long quotes = BYTES * (quote & 0xff);
        int first = nextQuote(bytes, from, to, quote, quotes);
        if (first < 0) {
            // no quote: an open field stays open, no field opens
            return IDENTITY;
        }
        // both starting states step from quote to quote, the one behind first, until they reach the
        // same quote in the same state (in most files within a line): from there on they agree
        boolean fromOutside = false;
        boolean fromInside = true;
        int outsideAt = first;
        int insideAt = first;
        while (outsideAt >= 0 || insideAt >= 0) {
            if (outsideAt == insideAt && fromOutside == fromInside) {
                return endState(bytes, from, outsideAt, to, fromOutside, quote, quotes, delimiter) ? 0b11 : 0b00;
            }
            if (insideAt < 0 || outsideAt >= 0 && outsideAt <= insideAt) {
                int next = afterQuote(bytes, from, outsideAt, to, fromOutside, quote, delimiter);
                fromOutside = next < 0 != fromOutside;
                outsideAt = nextQuote(bytes, Math.abs(next), to, quote, quotes);
            }
            else {
                int next = afterQuote(bytes, from, insideAt, to, fromInside, quote, delimiter);
                fromInside = next < 0 != fromInside;
                insideAt = nextQuote(bytes, Math.abs(next), to, quote, quotes);
            }
        }
        return (fromOutside ? 1 : 0) | (fromInside ? 2 : 0);
    }

    /** The state at {@code to}, stepping from quote to quote from {@code at}, a quote reached in state {@code inside}. */
    private static boolean endState(byte[] bytes, int from, int at, int to, boolean inside, byte quote, long quotes, byte delimiter)
    {
        boolean state = inside;
        int quoteAt = at;
        while (quoteAt >= 0) {
            int next = afterQuote(bytes, from, quoteAt, to, state, quote, delimiter);
            state = next < 0 != state;
            quoteAt = nextQuote(bytes, Math.abs(next), to, quote, quotes);
        }
        return state;
    }

    /**
     * Where to look for the next quote after the quote at {@code at}, reached in state {@code
     * inside}: negated when the quote flips the state (opens or closes a quoted field).
     */
    private static int afterQuote(byte[] bytes, int from, int at, int to, boolean inside, byte quote, byte delimiter)
    {
        int next = at + 1;
        if (inside) {
            // a doubled quote is one quote of the text; any other closes the field
            return next < to && bytes[next] == quote ? next + 1 : -next;
        }
        boolean fieldStart = at == from || bytes[at - 1] == delimiter || bytes[at - 1] == '\n' || bytes[at - 1] == '\r';
        return fieldStart ? -next : next;
    }

    /** The first quote in {@code bytes[from, to)}, or -1. */
    private static int nextQuote(byte[] bytes, int from, int to, byte quote, long quotes)
    {
        int i = from;
        while (i + Long.BYTES <= to) {
            long found = zeroBytes((long) LONGS.get(bytes, i) ^ quotes);
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
            i += Long.BYTES;
        }
        for (; i < to; i++) {
            if (bytes[i] == quote) {
                return i;
            }
        }
        return -1;
    }

    /** The high bit of each byte of {@code word} that is zero, exactly (no borrow from a neighbour). */
    private static long zeroBytes(long word)
    {
        long low = (word & LOW_SEVEN_BITS) + LOW_SEVEN_BITS;
        return ~(low | word | LOW_SEVEN_BITS);
    }

    /**
     * Where the first record at or after {@code offset}, the start of a range, starts: the offset
     * itself when it is outside a quoted field, else just after the first line feed outside one
     * (or the file's end). Reads a byte at a time from the offset to the end of the quoted field:
     * only a range cut inside one comes here.
     */
    long recordStart(long offset, boolean inside, long fileSize)
    {
        if (!inside) {
            return offset;
        }
        // the parser's states: a field's start, unquoted text (or text after a closing quote), a
        // quoted field, a quote inside one (closing it, or the first of two)
        final int fieldStart = 0;
        final int text = 1;
        final int quoted = 2;
        final int quoteInQuoted = 3;
        int state = quoted;
        byte[] buffer = new byte[STREAM_BYTES];
        long position = offset;
        while (position < fileSize) {
            int length = (int) Math.min(buffer.length, fileSize - position);
            read(position, buffer, length);
            for (int i = 0; i < length; i++) {
                byte b = buffer[i];
                if (state == quoted) {
                    if (b == quote) {
                        state = quoteInQuoted;
                    }
                    continue;
                }
                if (state == quoteInQuoted && b == quote) {
                    state = quoted;
                }
                else if (b == '\n') {
                    return position + i + 1;
                }
                else if (b == delimiter || b == '\r') {
                    state = fieldStart;
                }
                else if (state == fieldStart && b == quote) {
                    state = quoted;
                }
                else {
                    state = text;
                }
            }
            position += length;
        }
        return fileSize;
    }

    private void read(long position, byte[] bytes, int length)
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes, 0, length);
            long at = position;
            while (buffer.hasRemaining()) {
                int read = channel.read(buffer, at);
                if (read < 0) {
                    throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": it became shorter while it was read");
                }
                at += read;
            }
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
