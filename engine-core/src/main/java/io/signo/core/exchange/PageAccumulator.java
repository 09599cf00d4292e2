package io.signo.core.exchange;

import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Rows bound for one destination, appended column by column into native buffers that are reused
 * from one page to the next: the target of a hash exchange's scatter, and where small pages are
 * coalesced before they are sent. {@link #view()} shows the rows as a page over the buffers, valid
 * until {@link #reset()}; whoever keeps it longer copies it first.
 *
 * <p>A scatter appends one column to every destination before the next column
 * ({@link #appendColumn}, then {@link #commit}), so that the column being read stays in cache.
 * {@link #detach()} hands the rows over without a copy: the page keeps the buffers until its
 * receiver is done with them, and the accumulator goes on with spare buffers.
 * Not thread safe: one per producer and destination (only a detached page's release may run on
 * another thread).
 */
public final class PageAccumulator
{
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    /** Offsets are ints in the platform's order: which half of a word read at a row's start offset is that offset. */
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final int INITIAL_ROWS = 1024;
    private static final int AVERAGE_STRING_BYTES = 16;
    /**
     * Strings up to this long are gathered as 32 bytes whatever their length, when the source has them:
     * most string columns (flags, modes, names, short comments) fit, and a fixed copy has no loop
     * whose end the processor mispredicts.
     */
    private static final int WHOLE_COPY_BYTES = 32;
    /** Longer strings up to this long are gathered 16 bytes at a step. */
    private static final int STEP_COPY_MAX_BYTES = 64;
    /** Room past a string column's bytes for the last copy of its last string, and for {@link ColumnVector#copyBytes}. */
    private static final int STRING_SLACK_BYTES = Math.max(WHOLE_COPY_BYTES, ColumnVector.COPY_SLACK_BYTES);
    /**
     * Detached buffers kept for reuse once released; more are left to the garbage collector. A
     * sender with adaptive windows has many messages in flight to one destination (a window of 16
     * MiB holds 16 of 1 MiB), and a set not kept is replaced by new memory that the JVM zeroes and
     * the kernel maps page by page: with 4 kept, that was 8% of a hash exchange's sending thread.
     */
    private static final int MAX_SPARE_BUFFERS = 16;

    private Type[] types;
    /** Each column's physical type and width (-1 for strings), looked up once: they are read per column of every page. */
    private PhysicalType[] physicalTypes;
    private int[] widths;
    private MemorySegment[] values;
    private MemorySegment[] offsets;
    private MemorySegment[] nulls;
    private boolean[] hasNull;
    /** Bytes used in each string column's values. */
    private long[] stringBytes;
    private int rowCapacity;
    private int positionCount;
    /** How many strings the last {@link #gatherStrings(MemorySegment, MemorySegment, int[], int, int, MemorySegment, MemorySegment, long, long, long)} copied. */
    private int gatheredStrings;
    /** Buffers of detached pages, given back by their receivers (any thread). */
    private final ConcurrentLinkedQueue<Buffers> spares = new ConcurrentLinkedQueue<>();
    private final AtomicInteger spareCount = new AtomicInteger();

    /** The accumulated rows as a page that owns this accumulator's former buffers, and what gives them back. */
    public record Detached(Page page, Runnable release) {}

    /** One set of column buffers, with the bytes of each null bitmap that may hold set bits. */
    private record Buffers(MemorySegment[] values, MemorySegment[] offsets, MemorySegment[] nulls, long[] dirtyNullBytes, int rowCapacity) {}

    public int positionCount()
    {
        return positionCount;
    }

    /** The bytes the accumulated rows take, as {@link Page#retainedBytes()} counts them. */
    public long bytes()
    {
        if (positionCount == 0) {
            return 0;
        }
        long bytes = 0;
        for (int channel = 0; channel < types.length; channel++) {
            int width = widths[channel];
            bytes += width > 0 ? (long) positionCount * width : stringBytes[channel] + (positionCount + 1L) * Integer.BYTES;
            if (hasNull[channel]) {
                bytes += (positionCount + 7L) / 8;
            }
        }
        return bytes;
    }

    /** Appends the rows {@code positions[0 .. count)} of {@code page}. */
    public void append(Page page, int[] positions, int count)
    {
        ensureColumns(page);
        for (int channel = 0; channel < types.length; channel++) {
            appendColumn(channel, page.column(channel), positions, count);
        }
        commit(count);
    }

    /** Appends every row of {@code page}. */
    public void appendAll(Page page)
    {
        ensureColumns(page);
        int count = page.positionCount();
        ensureRows(positionCount + count);
        for (int channel = 0; channel < types.length; channel++) {
            ColumnVector column = page.column(channel);
            int width = widths[channel];
            if (width > 0) {
                MemorySegment.copy(column.values(), 0, values[channel], (long) positionCount * width, (long) count * width);
            }
            else {
                appendStringRun(channel, column, 0, count);
            }
            if (column.mayHaveNulls()) {
                MemorySegment source = column.nulls();
                for (int i = 0; i < count; i++) {
                    if (ColumnVector.isNullBit(source, i)) {
                        setNull(channel, positionCount + i);
                    }
                }
            }
        }
        positionCount += count;
    }

    /**
     * Appends the values at {@code positions[0 .. count)} of one column, after the rows committed so far;
     * every column must get the same rows before {@link #commit}. {@link #prepare} must have seen the page.
     */
    public void appendColumn(int channel, ColumnVector column, int[] positions, int count)
    {
        appendColumn(channel, column, positions, 0, count);
    }

    /**
     * Appends the values at {@code positions[from .. from + count)} of one column (a partition's share
     * of {@link PagePartitioner#positions()}, ascending), after the rows committed so far; every column
     * must get the same rows before {@link #commit}. {@link #prepare} must have seen the page. Rows
     * that are contiguous in the page are one bulk copy; otherwise one loop per physical type over the
     * positions, each in a method of its own so that the JIT compiles (and, when a speculation breaks,
     * recompiles) one small loop, no call per value.
     */
    public void appendColumn(int channel, ColumnVector column, int[] positions, int from, int count)
    {
        if (count == 0) {
            return;
        }
        ensureRows(positionCount + count);
        long base = positionCount;
        MemorySegment target = values[channel];
        int first = positions[from];
        if (isRun(positions, from, count)) {
            int width = widths[channel];
            if (width > 0) {
                MemorySegment.copy(column.values(), (long) first * width, target, base * width, (long) count * width);
            }
            else {
                appendStringRun(channel, column, first, count);
            }
        }
        else {
            MemorySegment source = column.values();
            switch (physicalTypes[channel]) {
                case BYTE -> gatherBytes(source, positions, from, count, target, base);
                case INT -> gatherInts(source, positions, from, count, target, base);
                case LONG, DOUBLE -> gatherLongs(source, positions, from, count, target, base);
                case INT128 -> gatherInt128s(source, positions, from, count, target, base);
                case BYTES -> gatherStrings(channel, column, positions, from, count);
            }
        }
        if (column.mayHaveNulls()) {
            MemorySegment sourceNulls = column.nulls();
            int end = from + count;
            for (int i = from; i < end; i++) {
                if (ColumnVector.isNullBit(sourceNulls, positions[i])) {
                    setNull(channel, (int) (base + i - from));
                }
            }
        }
    }

    /** Whether {@code positions[from .. from + count)} are consecutive rows. */
    private static boolean isRun(int[] positions, int from, int count)
    {
        int first = positions[from];
        if (positions[from + count - 1] - first != count - 1) {
            return false;
        }
        // ascending positions spanning exactly count rows are a run; a caller's unordered ones are checked
        for (int i = 1; i < count; i++) {
            if (positions[from + i] != first + i) {
                return false;
            }
        }
        return true;
    }

    private static void gatherBytes(MemorySegment source, int[] positions, int from, int count, MemorySegment target, long base)
    {
        for (int i = 0; i < count; i++) {
            target.set(ValueLayout.JAVA_BYTE, base + i, source.get(ValueLayout.JAVA_BYTE, positions[from + i]));
        }
    }

    private static void gatherInts(MemorySegment source, int[] positions, int from, int count, MemorySegment target, long base)
    {
        for (int i = 0; i < count; i++) {
            target.setAtIndex(INT, base + i, source.getAtIndex(INT, positions[from + i]));
        }
    }

    private static void gatherLongs(MemorySegment source, int[] positions, int from, int count, MemorySegment target, long base)
    {
        for (int i = 0; i < count; i++) {
            target.setAtIndex(LONG, base + i, source.getAtIndex(LONG, positions[from + i]));
        }
    }

    /** A long DECIMAL's two words per row. */
    private static void gatherInt128s(MemorySegment source, int[] positions, int from, int count, MemorySegment target, long base)
    {
        for (int i = 0; i < count; i++) {
            long row = 2L * (base + i);
            long position = 2L * positions[from + i];
            target.setAtIndex(LONG, row, source.getAtIndex(LONG, position));
            target.setAtIndex(LONG, row + 1, source.getAtIndex(LONG, position + 1));
        }
    }

    /** Ends the rows every column got from {@link #appendColumn}. */
    public void commit(int count)
    {
        positionCount += count;
    }

    /** Sets up the buffers for the columns of {@code page} (the first page decides; later pages must match). */
    public void prepare(Page page)
    {
        ensureColumns(page);
    }

    /** The accumulated rows as a page over this accumulator's buffers: valid until {@link #reset()}. */
    public Page view()
    {
        ColumnVector[] columns = new ColumnVector[types.length];
        for (int channel = 0; channel < types.length; channel++) {
            Type type = types[channel];
            int width = type.physicalType().fixedWidth();
            MemorySegment columnNulls = hasNull[channel] ? nulls[channel].asSlice(0, (positionCount + 7L) / 8) : null;
            columns[channel] = width > 0
                    ? new ColumnVector(type, positionCount, values[channel].asSlice(0, (long) positionCount * width), null, columnNulls)
                    : new ColumnVector(type, positionCount, values[channel].asSlice(0, stringBytes[channel]), offsets[channel].asSlice(0, (positionCount + 1L) * Integer.BYTES), columnNulls);
        }
        return new Page(positionCount, columns);
    }

    /**
     * Hands the accumulated rows over as a page over the current buffers, without copying them, and
     * continues with other buffers (a set given back earlier, or new ones of the same sizes). The
     * page stays valid until {@code release} runs, which gives the buffers back for reuse; it may
     * run on any thread, once.
     */
    public Detached detach()
    {
        Page page = view();
        int columnCount = types.length;
        long[] dirtyNullBytes = new long[columnCount];
        for (int channel = 0; channel < columnCount; channel++) {
            dirtyNullBytes[channel] = hasNull[channel] ? (positionCount + 7L) / 8 : 0;
        }
        Buffers detached = new Buffers(values, offsets, nulls, dirtyNullBytes, rowCapacity);
        Buffers next = spares.poll();
        if (next != null) {
            spareCount.decrementAndGet();
            clearNulls(next);
        }
        else {
            next = allocateLike(detached);
        }
        values = next.values();
        offsets = next.offsets();
        nulls = next.nulls();
        rowCapacity = next.rowCapacity();
        Arrays.fill(hasNull, false);
        Arrays.fill(stringBytes, 0);
        positionCount = 0;
        return new Detached(page, () -> giveBack(detached));
    }

    private void giveBack(Buffers buffers)
    {
        if (spareCount.incrementAndGet() <= MAX_SPARE_BUFFERS) {
            spares.add(buffers);
        }
        else {
            spareCount.decrementAndGet();
        }
    }

    private static void clearNulls(Buffers buffers)
    {
        for (int channel = 0; channel < buffers.nulls().length; channel++) {
            long dirty = buffers.dirtyNullBytes()[channel];
            if (dirty > 0) {
                buffers.nulls()[channel].asSlice(0, dirty).fill((byte) 0);
            }
        }
    }

    /** New buffers of the sizes of {@code model}'s (newly allocated memory is zeroed: no null bit set). */
    private static Buffers allocateLike(Buffers model)
    {
        int columnCount = model.values().length;
        MemorySegment[] values = new MemorySegment[columnCount];
        MemorySegment[] offsets = new MemorySegment[columnCount];
        MemorySegment[] nulls = new MemorySegment[columnCount];
        for (int channel = 0; channel < columnCount; channel++) {
            values[channel] = allocate(model.values()[channel].byteSize());
            if (model.offsets()[channel] != null) {
                offsets[channel] = allocate(model.offsets()[channel].byteSize());
            }
            if (model.nulls()[channel] != null) {
                nulls[channel] = allocate(model.nulls()[channel].byteSize());
            }
        }
        return new Buffers(values, offsets, nulls, new long[columnCount], model.rowCapacity());
    }

    /** Forgets the rows; the buffers stay for the next ones. */
    public void reset()
    {
        if (types == null) {
            return;
        }
        for (int channel = 0; channel < types.length; channel++) {
            if (hasNull[channel]) {
                nulls[channel].asSlice(0, (positionCount + 7L) / 8).fill((byte) 0);
                hasNull[channel] = false;
            }
            stringBytes[channel] = 0;
        }
        positionCount = 0;
    }

    private void ensureColumns(Page page)
    {
        if (types != null) {
            if (page.columnCount() != types.length) {
                throw new IllegalArgumentException("page of " + page.columnCount() + " columns after pages of " + types.length);
            }
            return;
        }
        int columnCount = page.columnCount();
        types = new Type[columnCount];
        physicalTypes = new PhysicalType[columnCount];
        widths = new int[columnCount];
        values = new MemorySegment[columnCount];
        offsets = new MemorySegment[columnCount];
        nulls = new MemorySegment[columnCount];
        hasNull = new boolean[columnCount];
        stringBytes = new long[columnCount];
        rowCapacity = INITIAL_ROWS;
        for (int channel = 0; channel < columnCount; channel++) {
            Type type = page.column(channel).type();
            types[channel] = type;
            physicalTypes[channel] = type.physicalType();
            int width = physicalTypes[channel].fixedWidth();
            widths[channel] = width;
            if (width > 0) {
                values[channel] = allocate((long) rowCapacity * width);
            }
            else {
                values[channel] = allocate((long) rowCapacity * AVERAGE_STRING_BYTES);
                offsets[channel] = allocate((rowCapacity + 1L) * Integer.BYTES);
            }
        }
    }

    private void ensureRows(int rows)
    {
        if (rows <= rowCapacity) {
            return;
        }
        int capacity = Math.max(rows, 2 * rowCapacity);
        for (int channel = 0; channel < types.length; channel++) {
            int width = widths[channel];
            if (width > 0) {
                values[channel] = grow(values[channel], (long) positionCount * width, (long) capacity * width);
            }
            else {
                offsets[channel] = grow(offsets[channel], (positionCount + 1L) * Integer.BYTES, (capacity + 1L) * Integer.BYTES);
            }
            if (nulls[channel] != null) {
                nulls[channel] = grow(nulls[channel], (positionCount + 7L) / 8, (capacity + 7L) / 8);
            }
        }
        rowCapacity = capacity;
    }

    private void ensureStringBytes(int channel, long more)
    {
        // short strings are copied as whole words (gatherStrings, ColumnVector.copyBytes): room for that past the end
        long needed = stringBytes[channel] + more + STRING_SLACK_BYTES;
        if (needed > values[channel].byteSize()) {
            values[channel] = grow(values[channel], stringBytes[channel], Math.max(needed, 2 * values[channel].byteSize()));
        }
    }

    /**
     * Gathers the strings at {@code positions[from .. from + count)}. Room is made first for the
     * bytes of the whole source column, which hold any set of its rows without repeats (a
     * partition's share of a page), so that no pass over the positions measures them; the loop still
     * checks the room string by string and, past it (rows repeated), grows the buffer and goes on.
     */
    private void gatherStrings(int channel, ColumnVector column, int[] positions, int from, int count)
    {
        int sourceRows = column.positionCount();
        ensureStringBytes(channel, (long) column.stringStart(sourceRows) - column.stringStart(0));
        MemorySegment source = column.values();
        MemorySegment sourceOffsets = column.offsets();
        int done = 0;
        while (true) {
            MemorySegment target = values[channel];
            long room = Math.min(target.byteSize() - STRING_SLACK_BYTES, Integer.MAX_VALUE);
            long written = gatherStrings(source, sourceOffsets, positions, from + done, count - done, target, offsets[channel], positionCount + 1L + done, stringBytes[channel], room);
            done += gatheredStrings;
            stringBytes[channel] = written;
            if (done == count) {
                return;
            }
            int position = positions[from + done];
            long length = column.stringStart(position + 1) - column.stringStart(position);
            if (written + length > Integer.MAX_VALUE) {
                throw new IllegalStateException("string column of " + (written + length) + " bytes does not fit int offsets");
            }
            ensureStringBytes(channel, length);
        }
    }

    /**
     * Copies the strings at {@code positions[from .. from + count)} to {@code target} from byte
     * {@code written} on, their end offsets to {@code targetOffsets} from index {@code firstOffset},
     * stopping before a string that would end past {@code room}; sets {@link #gatheredStrings} to the
     * strings copied and returns the bytes written by then. A row's start and end offsets are read as
     * one word. A string of up to {@link #WHOLE_COPY_BYTES} is copied as that many bytes, a longer one
     * of up to {@link #STEP_COPY_MAX_BYTES} in steps of two 8-byte words, when the source has the
     * bytes past its end: a bulk copy's checks cost more than the copy of a short string. Up to 31
     * bytes past a string may be written, where the next string goes or in the
     * {@link #STRING_SLACK_BYTES} reserved past the end.
     */
    private long gatherStrings(MemorySegment source, MemorySegment sourceOffsets, int[] positions, int from, int count, MemorySegment target, MemorySegment targetOffsets,
            long firstOffset, long written, long room)
    {
        long sourceBytes = source.byteSize();
        int i = 0;
        for (; i < count; i++) {
            long bounds = sourceOffsets.get(LONG, (long) positions[from + i] * Integer.BYTES);
            int start = LITTLE_ENDIAN ? (int) bounds : (int) (bounds >>> 32);
            int length = (LITTLE_ENDIAN ? (int) (bounds >>> 32) : (int) bounds) - start;
            if (written + length > room) {
                break;
            }
            if (length <= WHOLE_COPY_BYTES && start + WHOLE_COPY_BYTES <= sourceBytes) {
                // the same four words whatever the length: no branch on it to mispredict
                target.set(LONG, written, source.get(LONG, start));
                target.set(LONG, written + 8, source.get(LONG, start + 8L));
                target.set(LONG, written + 16, source.get(LONG, start + 16L));
                target.set(LONG, written + 24, source.get(LONG, start + 24L));
            }
            else if (length <= STEP_COPY_MAX_BYTES && start + length + 15L <= sourceBytes) {
                // an empty string copies nothing: a step would read 16 bytes where the check above allows 15
                for (long offset = 0; offset < length; offset += 2 * Long.BYTES) {
                    target.set(LONG, written + offset, source.get(LONG, start + offset));
                    target.set(LONG, written + offset + Long.BYTES, source.get(LONG, start + offset + Long.BYTES));
                }
            }
            else {
                ColumnVector.copyBytes(source, start, target, written, length);
            }
            written += length;
            targetOffsets.setAtIndex(INT, firstOffset + i, (int) written);
        }
        gatheredStrings = i;
        return written;
    }

    /** Appends the strings of rows {@code [first, first + count)}: one bulk copy of their bytes, their offsets shifted in one pass. */
    private void appendStringRun(int channel, ColumnVector column, int first, int count)
    {
        MemorySegment sourceOffsets = column.offsets();
        int start = sourceOffsets.getAtIndex(INT, first);
        int end = sourceOffsets.getAtIndex(INT, first + count);
        ensureStringBytes(channel, end - start);
        long written = stringBytes[channel];
        if (written + end - start > Integer.MAX_VALUE) {
            throw new IllegalStateException("string column of " + (written + end - start) + " bytes does not fit int offsets");
        }
        MemorySegment.copy(column.values(), start, values[channel], written, end - start);
        MemorySegment targetOffsets = offsets[channel];
        int shift = (int) (written - start);
        long base = positionCount - (long) first;
        for (int i = first + 1; i <= first + count; i++) {
            targetOffsets.setAtIndex(INT, base + i, sourceOffsets.getAtIndex(INT, i) + shift);
        }
        stringBytes[channel] = written + end - start;
    }

    private void setNull(int channel, int row)
    {
        MemorySegment bitmap = nulls[channel];
        if (bitmap == null) {
            bitmap = allocate((rowCapacity + 7L) / 8);
            nulls[channel] = bitmap;
        }
        hasNull[channel] = true;
        long index = row >>> 3;
        bitmap.set(ValueLayout.JAVA_BYTE, index, (byte) (bitmap.get(ValueLayout.JAVA_BYTE, index) | (1 << (row & 7))));
    }

    private static MemorySegment allocate(long bytes)
    {
        // long-lived and reused: one allocation per growth, never per page
        return Arena.ofAuto().allocate(Math.max(bytes, 8), 8);
    }

    private static MemorySegment grow(MemorySegment old, long used, long capacity)
    {
        MemorySegment larger = allocate(capacity);
        MemorySegment.copy(old, 0, larger, 0, used);
        return larger;
    }
}
