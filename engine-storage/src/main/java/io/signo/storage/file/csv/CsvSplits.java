package io.signo.storage.file.csv;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.io.IOException;
import java.io.Serializable;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
 * Cuts a CSV file into byte ranges that drivers, and workers, read in parallel: each range ends
 * just after a line break that lies outside quotes, about every {@link #TARGET_BYTES} bytes, so no
 * range starts inside a quoted field that spans lines. Finding those breaks reads the whole file
 * once; the cuts are kept for as long as the file keeps its size and modification time.
 */
public final class CsvSplits
{
    /** About a morsel of TPC-H lineitem lines (8192 of about 130 bytes). */
    static final long TARGET_BYTES = 1 << 20;

    /** A range of a file: bytes [start, end), its first physical line numbered {@code firstLine} (1-based). */
    public record Split(long start, long end, long firstLine)
            implements Serializable {}

    private record Key(Path file, long size, long modified, char quote) {}

    private static final Map<Key, List<Split>> CUTS = new ConcurrentHashMap<>();

    private static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long BYTES = 0x0101_0101_0101_0101L;
    private static final long NEWLINES = BYTES * '\n';
    private static final long LOW_SEVEN_BITS = 0x7f7f_7f7f_7f7f_7f7fL;

    private CsvSplits() {}

    /** The high bit of each byte of {@code word} that is zero, exactly (no borrow from a neighbour). */
    private static long zeroBytes(long word)
    {
        long low = (word & LOW_SEVEN_BITS) + LOW_SEVEN_BITS;
        return ~(low | word | LOW_SEVEN_BITS);
    }

    public static List<Split> of(Path file, char quote)
    {
        try {
            Path real = file.toRealPath();
            Key key = new Key(real, Files.size(real), Files.getLastModifiedTime(real).toMillis(), quote);
            return CUTS.computeIfAbsent(key, k -> cut(real, k.size(), quote));
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static List<Split> cut(Path file, long size, char quote)
    {
        List<Split> splits = new ArrayList<>();
        if (size == 0) {
            return List.of(new Split(0, 0, 1));
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ); Arena arena = Arena.ofConfined()) {
            MemorySegment bytes = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            long quotes = BYTES * (quote & 0xff);
            boolean quoted = false;
            long start = 0;
            long line = 1;
            long firstLine = 1;
            long nextCut = TARGET_BYTES;
            long i = 0;
            while (i < size) {
                // eight bytes at a time while they hold no quote and no cut is due: only newlines counted
                if (!quoted && i + Long.BYTES <= size && i + Long.BYTES < nextCut) {
                    long word = bytes.get(LONG_LE, i);
                    if (zeroBytes(word ^ quotes) == 0) {
                        line += Long.bitCount(zeroBytes(word ^ NEWLINES));
                        i += Long.BYTES;
                        continue;
                    }
                }
                byte b = bytes.get(ValueLayout.JAVA_BYTE, i);
                if (b == (byte) quote) {
                    // a doubled quote inside a quoted field toggles twice: the state is right after both
                    quoted = !quoted;
                }
                else if (b == '\n') {
                    line++;
                    if (!quoted && i + 1 >= nextCut && i + 1 < size) {
                        splits.add(new Split(start, i + 1, firstLine));
                        start = i + 1;
                        firstLine = line;
                        nextCut = start + TARGET_BYTES;
                    }
                }
                i++;
            }
            splits.add(new Split(start, size, firstLine));
            return List.copyOf(splits);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
