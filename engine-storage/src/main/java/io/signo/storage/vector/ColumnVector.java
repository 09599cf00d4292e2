package io.signo.storage.vector;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One column of up to a few thousand values in native memory. Immutable once built.
 *
 * <p>Fixed-width values lie contiguous in {@link #values()} ({@link PhysicalType#fixedWidth()}
 * bytes each). Strings are one byte region in {@link #values()} plus {@code positionCount + 1} int
 * offsets in {@link #offsets()}; the string at position p is bytes [offset(p), offset(p + 1)).
 * NULLs are a bitmap in {@link #nulls()}, bit p set when position p is null, absent (null) when no
 * value is null. A null position still occupies its slot, with an unspecified value.
 *
 * <p>A string vector may instead be dictionary-encoded ({@link #dictionaryEncoded}): an int code per
 * position in {@link #dictionaryCodes()} naming an entry of {@link #dictionary()}, a string vector
 * of distinct values without NULLs (a NULL position's code is 0 and means nothing). Operators that
 * know the form work on the codes (a test or a group key computed once per entry); for every other
 * reader {@link #values()} and {@link #offsets()} are the ordinary strings, decoded once, on the
 * first call, from GC-released memory. Slicing and gathering positions keep the form (codes are
 * gathered, the dictionary shared), so the strings of a filtered page are never copied.
 */
public final class ColumnVector
{
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    /** Runs of at least this many consecutive positions are copied in bulk. */
    private static final int MIN_BULK_RUN = 4;
    /** Positions are copied by runs when their runs are this long on average, else one by one. */
    private static final int MIN_AVERAGE_RUN = 16;
    /** Strings up to this length are copied without a bulk copy call (see copyBytes). */
    private static final int SHORT_STRING_BYTES = 16;
    /**
     * What a string region filled by {@link #copyBytes} should be allocated beyond its strings, so that
     * short strings near its end are copied as two words too; the vector then holds a slice without it.
     */
    public static final int COPY_SLACK_BYTES = SHORT_STRING_BYTES;

    private final Type type;
    private final int positionCount;
    private final MemorySegment values;
    private final MemorySegment offsets;
    private final MemorySegment nulls;
    /** The dictionary form's codes, an int per position; null for a plain vector. */
    private final MemorySegment codes;
    private final ColumnVector dictionary;
    /** The dictionary form's strings once a reader has asked for them; written once (a racing second decode is equal). */
    private volatile DecodedStrings decoded;

    private record DecodedStrings(MemorySegment values, MemorySegment offsets)
    {
    }

    public ColumnVector(Type type, int positionCount, MemorySegment values, MemorySegment offsets, MemorySegment nulls)
    {
        this.type = Objects.requireNonNull(type, "type is null");
        this.positionCount = positionCount;
        this.values = Objects.requireNonNull(values, "values is null");
        this.offsets = offsets;
        this.nulls = nulls;
        this.codes = null;
        this.dictionary = null;
        if (type.physicalType() == PhysicalType.BYTES) {
            Objects.requireNonNull(offsets, "offsets is null for a string vector");
        }
    }

    private ColumnVector(Type type, int positionCount, ColumnVector dictionary, MemorySegment codes, MemorySegment nulls)
    {
        this.type = type;
        this.positionCount = positionCount;
        this.values = null;
        this.offsets = null;
        this.nulls = nulls;
        this.codes = codes;
        this.dictionary = dictionary;
    }

    /**
     * A dictionary-encoded string vector: position p holds entry {@code codes[p]} of {@code dictionary}
     * (a string vector without NULLs or a dictionary of its own, at least one entry), or is NULL where
     * its bit in {@code nulls} is set, its code then 0. The caller guarantees every code names an entry.
     */
    public static ColumnVector dictionaryEncoded(Type type, int positionCount, MemorySegment codes, ColumnVector dictionary, MemorySegment nulls)
    {
        Objects.requireNonNull(type, "type is null");
        Objects.requireNonNull(codes, "codes is null");
        Objects.requireNonNull(dictionary, "dictionary is null");
        if (type.physicalType() != PhysicalType.BYTES || dictionary.type().physicalType() != PhysicalType.BYTES) {
            throw new IllegalArgumentException("a dictionary of " + dictionary.type() + " for a vector of " + type + ": only strings are dictionary-encoded");
        }
        if (dictionary.isDictionaryEncoded() || dictionary.mayHaveNulls() || dictionary.positionCount() == 0) {
            throw new IllegalArgumentException("a dictionary must be plain, without NULLs and not empty: " + dictionary);
        }
        if (codes.byteSize() < (long) positionCount * Integer.BYTES) {
            throw new IllegalArgumentException(codes.byteSize() + " bytes of codes for " + positionCount + " positions");
        }
        return new ColumnVector(type, positionCount, dictionary, codes, nulls);
    }

    /** Whether this is a dictionary-encoded string vector: {@link #dictionaryCodes()} and {@link #dictionary()} then hold it. */
    public boolean isDictionaryEncoded()
    {
        return codes != null;
    }

    /** A dictionary-encoded vector's codes, an int per position; null for a plain vector. */
    public MemorySegment dictionaryCodes()
    {
        return codes;
    }

    /** A dictionary-encoded vector's entries; null for a plain vector. */
    public ColumnVector dictionary()
    {
        return dictionary;
    }

    /** The code of a position of a dictionary-encoded vector. */
    public int code(int position)
    {
        return codes.getAtIndex(INT, position);
    }

    public Type type()
    {
        return type;
    }

    public int positionCount()
    {
        return positionCount;
    }

    /** The values; a dictionary-encoded vector's strings are decoded on the first call. */
    public MemorySegment values()
    {
        return codes == null ? values : decodedStrings().values();
    }

    /** String offsets, or null for fixed-width types; a dictionary-encoded vector's are decoded on the first call. */
    public MemorySegment offsets()
    {
        return codes == null ? offsets : decodedStrings().offsets();
    }

    private DecodedStrings decodedStrings()
    {
        DecodedStrings known = decoded;
        if (known == null) {
            known = decodeStrings();
            decoded = known;
        }
        return known;
    }

    /** Looks every position's string up in the dictionary, a NULL's as the empty string. */
    private DecodedStrings decodeStrings()
    {
        PageAllocator allocator = PageAllocator.transientPages();
        MemorySegment entryOffsets = dictionary.offsets;
        MemorySegment entryBytes = dictionary.values;
        MemorySegment codes = this.codes;
        MemorySegment nulls = this.nulls;
        int count = positionCount;
        long totalBytes = 0;
        for (int i = 0; i < count; i++) {
            int code = codes.getAtIndex(INT, i);
            totalBytes += entryOffsets.getAtIndex(INT, code + 1) - entryOffsets.getAtIndex(INT, code);
        }
        if (totalBytes > Integer.MAX_VALUE - COPY_SLACK_BYTES) {
            throw new IllegalArgumentException("a vector's strings exceed 2 GiB");
        }
        MemorySegment out = allocator.allocate(totalBytes + COPY_SLACK_BYTES);
        MemorySegment outOffsets = allocator.allocate((count + 1L) * Integer.BYTES);
        int written = 0;
        for (int i = 0; i < count; i++) {
            int code = codes.getAtIndex(INT, i);
            int start = entryOffsets.getAtIndex(INT, code);
            int length = entryOffsets.getAtIndex(INT, code + 1) - start;
            if (nulls != null && isNullBit(nulls, i)) {
                length = 0;
            }
            copyBytes(entryBytes, start, out, written, length);
            written += length;
            outOffsets.setAtIndex(INT, i + 1, written);
        }
        return new DecodedStrings(out.asSlice(0, written), outOffsets);
    }

    /** The null bitmap, or null when no position is null. */
    public MemorySegment nulls()
    {
        return nulls;
    }

    public boolean mayHaveNulls()
    {
        return nulls != null;
    }

    public boolean isNull(int position)
    {
        return nulls != null && isNullBit(nulls, position);
    }

    public static boolean isNullBit(MemorySegment nulls, int position)
    {
        return (nulls.get(ValueLayout.JAVA_BYTE, position >>> 3) & (1 << (position & 7))) != 0;
    }

    /**
     * Keeps, of {@code positions[0 .. count)}, those whose bit in {@code nulls} is clear (all of them when
     * {@code nulls} is null), in order, at the front; returns how many. For selections that must drop NULLs
     * after a test that read the slot's placeholder value.
     */
    public static int removeNullPositions(MemorySegment nulls, int[] positions, int count)
    {
        if (nulls == null) {
            return count;
        }
        int kept = 0;
        for (int i = 0; i < count; i++) {
            int position = positions[i];
            positions[kept] = position;
            kept += isNullBit(nulls, position) ? 0 : 1;
        }
        return kept;
    }

    public boolean getBoolean(int position)
    {
        return values.get(ValueLayout.JAVA_BYTE, position) != 0;
    }

    /** INTEGER and DATE values. */
    public int getInt(int position)
    {
        return values.getAtIndex(INT, position);
    }

    /** BIGINT values and DECIMAL unscaled values. */
    public long getLong(int position)
    {
        return values.getAtIndex(LONG, position);
    }

    /** The high word of a long DECIMAL's unscaled 128-bit value ({@link io.signo.storage.type.PhysicalType#INT128}). */
    public long getInt128High(int position)
    {
        return values.getAtIndex(LONG, 2L * position + 1);
    }

    /** The low word of a long DECIMAL's unscaled 128-bit value. */
    public long getInt128Low(int position)
    {
        return values.getAtIndex(LONG, 2L * position);
    }

    public double getDouble(int position)
    {
        return values.getAtIndex(DOUBLE, position);
    }

    public int stringStart(int position)
    {
        return offsets().getAtIndex(INT, position);
    }

    public int stringLength(int position)
    {
        MemorySegment offsets = offsets();
        return offsets.getAtIndex(INT, position + 1) - offsets.getAtIndex(INT, position);
    }

    /** Decodes a string value; for output and tests, not for hot loops. */
    public String getString(int position)
    {
        if (codes != null) {
            return dictionary.getString(code(position));
        }
        int start = stringStart(position);
        int length = stringLength(position);
        byte[] bytes = new byte[length];
        MemorySegment.copy(values, ValueLayout.JAVA_BYTE, start, bytes, 0, length);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * The value at a position as a Java object (Boolean, Integer, Long, Double, String, or null: a
     * DATE's days, a TIMESTAMP's microseconds since 1970-01-01 and a short DECIMAL's unscaled long as
     * they are stored, a long DECIMAL's unscaled value as a BigInteger); for output and tests.
     */
    public Object getObject(int position)
    {
        if (isNull(position)) {
            return null;
        }
        return switch (type.kind()) {
            case BOOLEAN -> getBoolean(position);
            case INTEGER, DATE -> getInt(position);
            case BIGINT, TIMESTAMP -> getLong(position);
            case DECIMAL -> type.isLongDecimal() ? Int128Math.toBigInteger(getInt128High(position), getInt128Low(position)) : getLong(position);
            case DOUBLE, REAL -> getDouble(position);
            case VARCHAR, CHAR -> getString(position);
            case TIME, TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> getLong(position);
        };
    }

    /**
     * Rows {@code [from, from + count)} as a vector of their own, a view of this one's memory: its
     * values and null bits ({@code from} a multiple of 8, so that the bitmap's bytes start at a row).
     * A string vector's offsets are the one part copied, made to start at 0, so that its values are
     * exactly its strings' bytes and the memory it reports is its own.
     */
    public ColumnVector region(int from, int count, PageAllocator allocator)
    {
        if (from < 0 || count < 0 || from > positionCount - count || (from & 7) != 0) {
            throw new IllegalArgumentException("region of " + count + " rows from row " + from + " of a vector of " + positionCount + " (the first row a multiple of 8)");
        }
        MemorySegment regionNulls = nulls == null ? null : nulls.asSlice(from >>> 3, (count + 7L) >>> 3);
        if (codes != null) {
            return new ColumnVector(type, count, dictionary, codes.asSlice((long) from * Integer.BYTES, (long) count * Integer.BYTES), regionNulls);
        }
        if (type.physicalType() != PhysicalType.BYTES) {
            long width = type.physicalType().fixedWidth();
            return new ColumnVector(type, count, values.asSlice(from * width, count * width), null, regionNulls);
        }
        // the loop in a method of its own: a scan cuts each column of its large pages here, and a loop
        // here had C2 compile this method on stack, with every kind of vector's slicing inlined, again and again
        int first = offsets.getAtIndex(INT, from);
        MemorySegment regionOffsets = rebasedOffsets(from, count, allocator);
        return new ColumnVector(type, count, values.asSlice(first, regionOffsets.getAtIndex(INT, count)), regionOffsets, regionNulls);
    }

    /** The offsets of strings {@code [from, from + count)}, made to start at 0, in new memory. */
    private MemorySegment rebasedOffsets(int from, int count, PageAllocator allocator)
    {
        int[] starts = new int[count + 1];
        MemorySegment.copy(offsets, INT, (long) from * Integer.BYTES, starts, 0, count + 1);
        int first = starts[0];
        for (int i = 0; i <= count; i++) {
            starts[i] -= first;
        }
        MemorySegment regionOffsets = allocator.allocate((count + 1L) * Integer.BYTES);
        MemorySegment.copy(starts, 0, regionOffsets, INT, 0, count + 1);
        return regionOffsets;
    }

    /**
     * Copies the values at {@code positions[0 .. count)} into a new dense vector (a gather). A null
     * {@code positions} means positions 0 .. count - 1.
     */
    public ColumnVector copyPositions(int[] positions, int count, PageAllocator allocator)
    {
        MemorySegment newNulls = selectNulls(nulls, positions, count, allocator);
        if (codes != null) {
            // the codes are gathered, the dictionary shared: no string is copied
            MemorySegment out = allocator.allocate(Math.max(1L, count) * Integer.BYTES);
            if (positions == null) {
                MemorySegment.copy(codes, 0, out, 0, (long) count * Integer.BYTES);
            }
            else if (hasLongRuns(positions, count)) {
                copyFixedWidth(codes, positions, count, Integer.BYTES, out);
            }
            else {
                gatherInts(codes, positions, count, out);
            }
            return new ColumnVector(type, count, dictionary, out, newNulls);
        }
        if (positions == null) {
            return copyRange(0, count, newNulls, allocator);
        }
        int width = type.physicalType().fixedWidth();
        boolean byRuns = hasLongRuns(positions, count);
        if (width > 0) {
            MemorySegment out = allocator.allocate((long) count * width);
            if (byRuns) {
                copyFixedWidth(values, positions, count, width, out);
            }
            else {
                gatherFixedWidth(positions, count, width, out);
            }
            return new ColumnVector(type, count, out, null, newNulls);
        }
        // longer strings are bulk copies each way, and a run of them is one copy instead of several
        boolean shortStrings = (long) stringStart(positionCount) - stringStart(0) <= (long) SHORT_STRING_BYTES * positionCount;
        return byRuns || !shortStrings ? copyStrings(positions, count, newNulls, allocator) : gatherStrings(positions, count, newNulls, allocator);
    }

    /**
     * Why two ways to copy: a filter that keeps most rows selects long runs, each one bulk copy; a
     * scattered selection (half the rows, or a join's matches) has runs of one or two, where finding
     * the runs costs more than it saves, and a plain loop over the positions is faster.
     */
    private static boolean hasLongRuns(int[] positions, int count)
    {
        if (count == 0) {
            return true;
        }
        // few rows missing between the first and the last make few breaks: no need to count them
        long missing = (long) positions[count - 1] - positions[0] + 1 - count;
        if (missing * MIN_AVERAGE_RUN <= count) {
            return true;
        }
        int allowedBreaks = count / MIN_AVERAGE_RUN;
        int breaks = 0;
        for (int i = 1; i < count; i++) {
            if (positions[i] != positions[i - 1] + 1 && ++breaks > allowedBreaks) {
                return false;
            }
        }
        return true;
    }

    /**
     * One small method per width, not one method with a loop per width: each is compiled, profiled
     * and (when a later page breaks a speculation) recompiled on its own, which keeps a worker's JIT
     * from recompiling every loop when one width's profile changes.
     */
    private void gatherFixedWidth(int[] positions, int count, int width, MemorySegment out)
    {
        switch (width) {
            case 1 -> gatherBytes(values, positions, count, out);
            case Integer.BYTES -> gatherInts(values, positions, count, out);
            case Long.BYTES -> gatherLongs(values, positions, count, out);
            default -> gatherInt128s(values, positions, count, out);
        }
    }

    private static void gatherBytes(MemorySegment values, int[] positions, int count, MemorySegment out)
    {
        for (int i = 0; i < count; i++) {
            out.set(ValueLayout.JAVA_BYTE, i, values.get(ValueLayout.JAVA_BYTE, positions[i]));
        }
    }

    private static void gatherInts(MemorySegment values, int[] positions, int count, MemorySegment out)
    {
        for (int i = 0; i < count; i++) {
            out.setAtIndex(INT, i, values.getAtIndex(INT, positions[i]));
        }
    }

    private static void gatherLongs(MemorySegment values, int[] positions, int count, MemorySegment out)
    {
        for (int i = 0; i < count; i++) {
            out.setAtIndex(LONG, i, values.getAtIndex(LONG, positions[i]));
        }
    }

    private static void gatherInt128s(MemorySegment values, int[] positions, int count, MemorySegment out)
    {
        for (int i = 0; i < count; i++) {
            long source = 2L * positions[i];
            out.setAtIndex(LONG, 2L * i, values.getAtIndex(LONG, source));
            out.setAtIndex(LONG, 2L * i + 1, values.getAtIndex(LONG, source + 1));
        }
    }

    private ColumnVector gatherStrings(int[] positions, int count, MemorySegment newNulls, PageAllocator allocator)
    {
        MemorySegment offsets = this.offsets;
        long totalBytes = 0;
        for (int i = 0; i < count; i++) {
            int position = positions[i];
            totalBytes += offsets.getAtIndex(INT, position + 1) - offsets.getAtIndex(INT, position);
        }
        MemorySegment out = allocator.allocate(totalBytes + COPY_SLACK_BYTES);
        MemorySegment outOffsets = allocator.allocate((long) (count + 1) * Integer.BYTES);
        MemorySegment values = this.values;
        int written = 0;
        for (int i = 0; i < count; i++) {
            int position = positions[i];
            int start = offsets.getAtIndex(INT, position);
            int length = offsets.getAtIndex(INT, position + 1) - start;
            copyBytes(values, start, out, written, length);
            written += length;
            outOffsets.setAtIndex(INT, i + 1, written);
        }
        return new ColumnVector(type, count, out.asSlice(0, totalBytes), outOffsets, newNulls);
    }

    /**
     * The inverse of {@link #copyPositions}: a new vector of {@code size} positions holding this
     * vector's position i at {@code rows[i]}, for the first {@code positionCount()} ascending rows;
     * what positions no row names hold is unspecified: the vector is read through the rows only. For
     * fixed-width types only: it lets a value computed at a selection sit beside the columns that
     * selection indexes ({@code Page.selected}).
     */
    public ColumnVector scatter(int[] rows, int size, PageAllocator allocator)
    {
        int width = type.physicalType().fixedWidth();
        if (width <= 0) {
            throw new IllegalArgumentException("cannot scatter a string vector: " + type);
        }
        int count = positionCount;
        MemorySegment out = allocator.allocate((long) size * width);
        switch (width) {
            case 1 -> {
                for (int i = 0; i < count; i++) {
                    out.set(ValueLayout.JAVA_BYTE, rows[i], values.get(ValueLayout.JAVA_BYTE, i));
                }
            }
            case Integer.BYTES -> {
                for (int i = 0; i < count; i++) {
                    out.setAtIndex(INT, rows[i], values.getAtIndex(INT, i));
                }
            }
            case Long.BYTES -> {
                for (int i = 0; i < count; i++) {
                    out.setAtIndex(LONG, rows[i], values.getAtIndex(LONG, i));
                }
            }
            default -> {
                for (int i = 0; i < count; i++) {
                    long target = 2L * rows[i];
                    out.setAtIndex(LONG, target, values.getAtIndex(LONG, 2L * i));
                    out.setAtIndex(LONG, target + 1, values.getAtIndex(LONG, 2L * i + 1));
                }
            }
        }
        return new ColumnVector(type, size, out, null, scatterNulls(nulls, rows, count, size, allocator));
    }

    /**
     * A null bitmap of {@code size} positions with the bit of {@code rows[i]} set where bit i of
     * {@code nulls} is, for i in [0, count); null when {@code nulls} is (no value is null).
     */
    public static MemorySegment scatterNulls(MemorySegment nulls, int[] rows, int count, int size, PageAllocator allocator)
    {
        if (nulls == null) {
            return null;
        }
        MemorySegment outNulls = allocator.allocate((size + 7) / 8);
        for (int i = 0; i < count; i++) {
            if (isNullBit(nulls, i)) {
                int row = rows[i];
                long index = row >>> 3;
                outNulls.set(ValueLayout.JAVA_BYTE, index, (byte) (outNulls.get(ValueLayout.JAVA_BYTE, index) | (1 << (row & 7))));
            }
        }
        return outNulls;
    }

    /** Positions [from, from + count) as a new vector, one bulk copy per part. */
    private ColumnVector copyRange(int from, int count, MemorySegment newNulls, PageAllocator allocator)
    {
        int width = type.physicalType().fixedWidth();
        if (width > 0) {
            MemorySegment out = allocator.allocate((long) count * width);
            MemorySegment.copy(values, (long) from * width, out, 0, (long) count * width);
            return new ColumnVector(type, count, out, null, newNulls);
        }
        int startByte = stringStart(from);
        int endByte = stringStart(from + count);
        MemorySegment out = allocator.allocate(endByte - startByte);
        MemorySegment.copy(values, startByte, out, 0, endByte - startByte);
        MemorySegment outOffsets = allocator.allocate((long) (count + 1) * Integer.BYTES);
        for (int i = 1; i <= count; i++) {
            outOffsets.setAtIndex(INT, i, offsets.getAtIndex(INT, from + i) - startByte);
        }
        return new ColumnVector(type, count, out, outOffsets, newNulls);
    }

    /**
     * Why runs: a filter that keeps most rows (Q1 keeps 98 %) selects long runs of consecutive
     * positions, and a run is one bulk copy; positions on their own are copied value by value.
     */
    private static void copyFixedWidth(MemorySegment values, int[] positions, int count, int width, MemorySegment out)
    {
        int i = 0;
        while (i < count) {
            int run = runLength(positions, i, count);
            if (run >= MIN_BULK_RUN) {
                MemorySegment.copy(values, (long) positions[i] * width, out, (long) i * width, (long) run * width);
                i += run;
                continue;
            }
            int end = i + run;
            switch (width) {
                case 1 -> {
                    for (; i < end; i++) {
                        out.set(ValueLayout.JAVA_BYTE, i, values.get(ValueLayout.JAVA_BYTE, positions[i]));
                    }
                }
                case Integer.BYTES -> {
                    for (; i < end; i++) {
                        out.setAtIndex(INT, i, values.getAtIndex(INT, positions[i]));
                    }
                }
                case Long.BYTES -> {
                    for (; i < end; i++) {
                        out.setAtIndex(LONG, i, values.getAtIndex(LONG, positions[i]));
                    }
                }
                default -> {
                    for (; i < end; i++) {
                        MemorySegment.copy(values, (long) positions[i] * width, out, (long) i * width, width);
                    }
                }
            }
        }
    }

    private ColumnVector copyStrings(int[] positions, int count, MemorySegment newNulls, PageAllocator allocator)
    {
        long totalBytes = 0;
        for (int i = 0; i < count;) {
            int run = runLength(positions, i, count);
            totalBytes += stringStart(positions[i] + run) - stringStart(positions[i]);
            i += run;
        }
        MemorySegment out = allocator.allocate(totalBytes);
        MemorySegment outOffsets = allocator.allocate((long) (count + 1) * Integer.BYTES);
        int written = 0;
        for (int i = 0; i < count;) {
            int run = runLength(positions, i, count);
            int first = positions[i];
            int startByte = stringStart(first);
            int endByte = stringStart(first + run);
            if (run >= MIN_BULK_RUN) {
                MemorySegment.copy(values, startByte, out, written, endByte - startByte);
            }
            else {
                copyBytes(values, startByte, out, written, endByte - startByte);
            }
            int shift = written - startByte;
            for (int k = 1; k <= run; k++) {
                outOffsets.setAtIndex(INT, i + k, offsets.getAtIndex(INT, first + k) + shift);
            }
            written += endByte - startByte;
            i += run;
        }
        return new ColumnVector(type, count, out, outOffsets, newNulls);
    }

    /**
     * The bits of {@code nulls} at {@code positions[0 .. count)} (at 0 .. count - 1 when {@code positions}
     * is null), compacted to 0 .. count - 1; null when none of them is set, or {@code nulls} is null.
     */
    public static MemorySegment selectNulls(MemorySegment nulls, int[] positions, int count, PageAllocator allocator)
    {
        if (nulls == null) {
            return null;
        }
        MemorySegment selected = null;
        for (int i = 0; i < count; i++) {
            if (isNullBit(nulls, positions == null ? i : positions[i])) {
                if (selected == null) {
                    selected = allocator.allocate((count + 7) / 8);
                }
                long index = i >>> 3;
                selected.set(ValueLayout.JAVA_BYTE, index, (byte) (selected.get(ValueLayout.JAVA_BYTE, index) | (1 << (i & 7))));
            }
        }
        return selected;
    }

    /**
     * Copies {@code length} bytes, for a region filled front to back (the strings of a vector): a
     * string of up to {@link #SHORT_STRING_BYTES} bytes is copied as two 8-byte words when both
     * segments have that many bytes from the offsets, so up to that many bytes from {@code targetOffset}
     * may be written, past the string, where the next string will go. Longer strings are one bulk copy;
     * a bulk copy call costs more in checks than a short string.
     */
    public static void copyBytes(MemorySegment source, long sourceOffset, MemorySegment target, long targetOffset, int length)
    {
        if (length > SHORT_STRING_BYTES) {
            MemorySegment.copy(source, sourceOffset, target, targetOffset, length);
            return;
        }
        if (sourceOffset + SHORT_STRING_BYTES <= source.byteSize() && targetOffset + SHORT_STRING_BYTES <= target.byteSize()) {
            // two words whatever the length, with no loop to mispredict; the bytes past the string land
            // where the next string goes, or in the slack of a target allocated with COPY_SLACK_BYTES more
            target.set(LONG, targetOffset, source.get(LONG, sourceOffset));
            target.set(LONG, targetOffset + Long.BYTES, source.get(LONG, sourceOffset + Long.BYTES));
            return;
        }
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            target.set(LONG, targetOffset + i, source.get(LONG, sourceOffset + i));
        }
        for (; i < length; i++) {
            target.set(ValueLayout.JAVA_BYTE, targetOffset + i, source.get(ValueLayout.JAVA_BYTE, sourceOffset + i));
        }
    }

    /** How many positions from {@code positions[from]} on are consecutive (at least 1). */
    private static int runLength(int[] positions, int from, int count)
    {
        int end = from + 1;
        while (end < count && positions[end] == positions[end - 1] + 1) {
            end++;
        }
        return end - from;
    }

    /**
     * Bytes of native memory this vector references. The same for the vector's whole life, as
     * operators reserve and later release it: a dictionary-encoded vector counts its codes and
     * dictionary, not the strings a reader may decode later (GC-released memory of that reader's).
     */
    public long retainedBytes()
    {
        if (codes != null) {
            return codes.byteSize() + dictionary.retainedBytes() + (nulls == null ? 0 : nulls.byteSize());
        }
        return values.byteSize() + (offsets == null ? 0 : offsets.byteSize()) + (nulls == null ? 0 : nulls.byteSize());
    }

    @Override
    public String toString()
    {
        return "ColumnVector{" + type + ", positions=" + positionCount + (nulls != null ? ", nullable" : "") + (codes != null ? ", dictionary of " + dictionary.positionCount() : "") + "}";
    }
}
