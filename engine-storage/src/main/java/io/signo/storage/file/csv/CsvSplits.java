package io.signo.storage.file.csv;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.io.IOException;
import java.io.Serializable;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Cuts a CSV file into byte ranges that drivers, and workers, read in parallel, each ending just
 * after a line break about every {@link #TARGET_BYTES} bytes. Where the sniffed sample shows no
 * quoted field spanning lines, a cut is found by reading from the target offset to the next line
 * feed, a few kilobytes a cut, which may fall inside a quoted field past the sample ({@link
 * CsvCutStates} tells, and the range then reads the records that start in it); otherwise the file
 * is read once, tracking quotes, so that no range starts inside a quoted field. The cuts depend on
 * the file's bytes only, so every process of a cluster cuts a file the same way; they are kept
 * for as long as the file keeps its size and modification time. A range does not know its first
 * line's number: {@link #lineAt} counts it when an error names a line.
 */
public final class CsvSplits
{
    /** About a morsel of TPC-H lineitem lines (8192 of about 130 bytes). */
    static final long TARGET_BYTES = 1 << 20;

    /**
     * A range of a file: bytes [start, end); {@code last} when it ends the file.
     */
    public record Split(long start, long end, boolean last)
            implements Serializable {}

    private record Key(Path file, long size, long modified, char quote, boolean quotedLineBreaks) {}

    private static final Map<Key, List<Split>> CUTS = new ConcurrentHashMap<>();

    private record StatesKey(Key cuts, char delimiter) {}

    private static final Map<StatesKey, CsvCutStates> STATES = new ConcurrentHashMap<>();

    /** How much is read at a time looking for the line feed after a target offset. */
    private static final int LOOKUP_BYTES = 4096;

    private static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long BYTES = 0x0101_0101_0101_0101L;
    private static final long NEWLINES = BYTES * '\n';
    private static final long RETURNS = BYTES * '\r';
    private static final long LOW_SEVEN_BITS = 0x7f7f_7f7f_7f7f_7f7fL;

    private CsvSplits() {}

    /** The high bit of each byte of {@code word} that is zero, exactly (no borrow from a neighbour). */
    private static long zeroBytes(long word)
    {
        long low = (word & LOW_SEVEN_BITS) + LOW_SEVEN_BITS;
        return ~(low | word | LOW_SEVEN_BITS);
    }

    /**
     * The ranges of {@code file}.
     *
     * @param quotedLineBreaks whether a quoted field may hold a line break, so that only a pass over
     *     the whole file, tracking quotes, finds where lines end
     */
    public static List<Split> of(Path file, char quote, boolean quotedLineBreaks)
    {
        return splitsOf(key(file, quote, quotedLineBreaks));
    }

    /**
     * The ranges of {@code file} and, for a dialect {@link CsvByteParser} reads and a file of more
     * than one range, whether each cut is inside a quoted field ({@link CsvCutStates}, shared by the
     * readers of the file's ranges in this process; else null).
     */
    static Cuts cutsOf(Path file, char delimiter, char quote, boolean quotedLineBreaks)
    {
        Key key = key(file, quote, quotedLineBreaks);
        List<Split> splits = splitsOf(key);
        if (splits.size() == 1 || !CsvByteParser.handles(delimiter, quote)) {
            return new Cuts(splits, null);
        }
        return new Cuts(splits, STATES.computeIfAbsent(new StatesKey(key, delimiter), k -> new CsvCutStates(key.file(), splits, delimiter, quote)));
    }

    record Cuts(List<Split> splits, CsvCutStates states) {}

    private static List<Split> splitsOf(Key key)
    {
        if (key.size() <= TARGET_BYTES) {
            // one range: the file is not opened here
            return List.of(new Split(0, key.size(), true));
        }
        return CUTS.computeIfAbsent(key, k -> cut(k.file(), k.size(), k.quote(), k.quotedLineBreaks()));
    }

    private static Key key(Path file, char quote, boolean quotedLineBreaks)
    {
        try {
            Path real = file.toRealPath();
            return new Key(real, Files.size(real), Files.getLastModifiedTime(real).toMillis(), quote, quotedLineBreaks);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static List<Split> cut(Path file, long size, char quote, boolean quotedLineBreaks)
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (!quotedLineBreaks) {
                return cutAtLineFeeds(channel, size);
            }
            try (Arena arena = Arena.ofConfined()) {
                return cutTrackingQuotes(channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena), size, quote);
            }
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Each range ends after the first line feed at or past its start plus the target: what is read
     * is the ends of the lines that straddle the targets, a few kilobytes a cut, so a file of a
     * gigabyte is cut in milliseconds. A line longer than the target makes its range longer; no byte
     * is read twice.
     */
    private static List<Split> cutAtLineFeeds(FileChannel channel, long size)
            throws IOException
    {
        List<Split> splits = new ArrayList<>();
        ByteBuffer buffer = ByteBuffer.allocate(LOOKUP_BYTES);
        long start = 0;
        while (true) {
            long lineFeed = nextLineFeed(channel, buffer, start + TARGET_BYTES - 1, size);
            if (lineFeed < 0 || lineFeed + 1 >= size) {
                break;
            }
            splits.add(new Split(start, lineFeed + 1, false));
            start = lineFeed + 1;
        }
        splits.add(new Split(start, size, true));
        return List.copyOf(splits);
    }

    /** The offset of the first line feed at or after {@code from}, or -1. */
    private static long nextLineFeed(FileChannel channel, ByteBuffer buffer, long from, long size)
            throws IOException
    {
        byte[] bytes = buffer.array();
        long position = from;
        while (position < size) {
            buffer.clear();
            buffer.limit((int) Math.min(bytes.length, size - position));
            int read = channel.read(buffer, position);
            if (read <= 0) {
                return -1;
            }
            for (int i = 0; i < read; i++) {
                if (bytes[i] == '\n') {
                    return position + i;
                }
            }
            position += read;
        }
        return -1;
    }

    /** The cuts of a file whose quoted fields may hold line breaks: one pass, tracking quotes. */
    private static List<Split> cutTrackingQuotes(MemorySegment bytes, long size, char quote)
    {
        List<Split> splits = new ArrayList<>();
        long quotes = BYTES * (quote & 0xff);
        boolean quoted = false;
        long start = 0;
        long nextCut = TARGET_BYTES;
        long i = 0;
        while (i < size) {
            // eight bytes at a time while they hold no quote and no cut is due
            if (!quoted && i + Long.BYTES <= size && i + Long.BYTES < nextCut) {
                if (zeroBytes(bytes.get(LONG_LE, i) ^ quotes) == 0) {
                    i += Long.BYTES;
                    continue;
                }
            }
            byte b = bytes.get(ValueLayout.JAVA_BYTE, i);
            if (b == (byte) quote) {
                // a doubled quote inside a quoted field toggles twice: the state is right after both
                quoted = !quoted;
            }
            else if (b == '\n' && !quoted && i + 1 >= nextCut && i + 1 < size) {
                splits.add(new Split(start, i + 1, false));
                start = i + 1;
                nextCut = start + TARGET_BYTES;
            }
            i++;
        }
        splits.add(new Split(start, size, true));
        return List.copyOf(splits);
    }

    /**
     * The number (1-based) of the physical line that starts at byte {@code offset} of {@code file}:
     * one more than the line breaks before it (LF, CR LF or a lone CR, as the parser counts them).
     * Reads the file up to the offset: for error messages only.
     */
    public static long lineAt(Path file, long offset)
    {
        if (offset == 0) {
            return 1;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ); Arena arena = Arena.ofConfined()) {
            MemorySegment bytes = channel.map(FileChannel.MapMode.READ_ONLY, 0, offset, arena);
            long breaks = 0;
            long i = 0;
            while (i + Long.BYTES <= offset) {
                long word = bytes.get(LONG_LE, i);
                breaks += Long.bitCount(zeroBytes(word ^ NEWLINES));
                long returns = zeroBytes(word ^ RETURNS);
                if (returns != 0) {
                    // a CR followed by a LF is one break, counted at the LF
                    for (long r = returns; r != 0; r &= r - 1) {
                        long at = i + (Long.numberOfTrailingZeros(r) >>> 3);
                        if (at + 1 >= offset || bytes.get(ValueLayout.JAVA_BYTE, at + 1) != '\n') {
                            breaks++;
                        }
                    }
                }
                i += Long.BYTES;
            }
            for (; i < offset; i++) {
                byte b = bytes.get(ValueLayout.JAVA_BYTE, i);
                if (b == '\n' || (b == '\r' && (i + 1 >= offset || bytes.get(ValueLayout.JAVA_BYTE, i + 1) != '\n'))) {
                    breaks++;
                }
            }
            return breaks + 1;
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
