package io.signo.core.exchange;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
    private static final int INITIAL_ROWS = 1024;
    private static final int AVERAGE_STRING_BYTES = 16;
    /** Strings up to this long are gathered a word at a time. */
    private static final int WORD_COPY_MAX_BYTES = 64;
    /** Detached buffers kept for reuse once released; more are left to the garbage collector. */
    private static final int MAX_SPARE_BUFFERS = 4;

    private Type[] types;
    private MemorySegment[] values;
    private MemorySegment[] offsets;
    private MemorySegment[] nulls;
    private boolean[] hasNull;
    /** Bytes used in each string column's values. */
    private long[] stringBytes;
    private int rowCapacity;
    private int positionCount;
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
            int width = types[channel].physicalType().fixedWidth();
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
            int width = types[channel].physicalType().fixedWidth();
            if (width > 0) {
                MemorySegment.copy(column.values(), 0, values[channel], (long) positionCount * width, (long) count * width);
            }
            else {
                appendStringRange(channel, column, count);
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
     * of {@link PagePartitioner#positions()}), after the rows committed so far; every column must get
     * the same rows before {@link #commit}. {@link #prepare} must have seen the page. One loop per
     * physical type over the positions, no call per value.
     */
    public void appendColumn(int channel, ColumnVector column, int[] positions, int from, int count)
    {
        if (count == 0) {
            return;
        }
        ensureRows(positionCount + count);
        long base = positionCount;
        int end = from + count;
        MemorySegment source = column.values();
        MemorySegment target = values[channel];
        switch (types[channel].physicalType()) {
            case BYTE -> {
                for (int i = from; i < end; i++) {
                    target.set(ValueLayout.JAVA_BYTE, base + i - from, source.get(ValueLayout.JAVA_BYTE, positions[i]));
                }
            }
            case INT -> {
                for (int i = from; i < end; i++) {
                    target.setAtIndex(INT, base + i - from, source.getAtIndex(INT, positions[i]));
                }
            }
            case LONG, DOUBLE -> {
                for (int i = from; i < end; i++) {
                    target.setAtIndex(LONG, base + i - from, source.getAtIndex(LONG, positions[i]));
                }
            }
            case INT128 -> {
                // a long DECIMAL's two words
                for (int i = from; i < end; i++) {
                    long row = 2L * (base + i - from);
                    long position = 2L * positions[i];
                    target.setAtIndex(LONG, row, source.getAtIndex(LONG, position));
                    target.setAtIndex(LONG, row + 1, source.getAtIndex(LONG, position + 1));
                }
            }
            case BYTES -> gatherStrings(channel, column, positions, from, count);
        }
        if (column.mayHaveNulls()) {
            MemorySegment sourceNulls = column.nulls();
            for (int i = from; i < end; i++) {
                if (ColumnVector.isNullBit(sourceNulls, positions[i])) {
                    setNull(channel, (int) (base + i - from));
                }
            }
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
        values = new MemorySegment[columnCount];
        offsets = new MemorySegment[columnCount];
        nulls = new MemorySegment[columnCount];
        hasNull = new boolean[columnCount];
        stringBytes = new long[columnCount];
        rowCapacity = INITIAL_ROWS;
        for (int channel = 0; channel < columnCount; channel++) {
            Type type = page.column(channel).type();
            types[channel] = type;
            int width = type.physicalType().fixedWidth();
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
            int width = types[channel].physicalType().fixedWidth();
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
        // short strings are copied as two words (ColumnVector.copyBytes): room for that past the end
        long needed = stringBytes[channel] + more + ColumnVector.COPY_SLACK_BYTES;
        if (needed > values[channel].byteSize()) {
            values[channel] = grow(values[channel], stringBytes[channel], Math.max(needed, 2 * values[channel].byteSize()));
        }
    }

    private void gatherStrings(int channel, ColumnVector column, int[] positions, int from, int count)
    {
        MemorySegment sourceOffsets = column.offsets();
        int end = from + count;
        long total = 0;
        for (int i = from; i < end; i++) {
            int position = positions[i];
            total += sourceOffsets.getAtIndex(INT, position + 1) - sourceOffsets.getAtIndex(INT, position);
        }
        ensureStringBytes(channel, total);
        MemorySegment source = column.values();
        MemorySegment target = values[channel];
        MemorySegment targetOffsets = offsets[channel];
        long written = stringBytes[channel];
        if (written + total > Integer.MAX_VALUE) {
            throw new IllegalStateException("string column of " + (written + total) + " bytes does not fit int offsets");
        }
        long offsetIndex = positionCount + 1L - from;
        long sourceBytes = source.byteSize();
        for (int i = from; i < end; i++) {
            int position = positions[i];
            int start = sourceOffsets.getAtIndex(INT, position);
            int length = sourceOffsets.getAtIndex(INT, position + 1) - start;
            copyString(source, sourceBytes, start, target, written, length);
            written += length;
            targetOffsets.setAtIndex(INT, offsetIndex + i, (int) written);
        }
        stringBytes[channel] = written;
    }

    /**
     * Copies one string of a gather. A string of up to {@link #WORD_COPY_MAX_BYTES} is copied as whole
     * 8-byte words, when the source has the bytes past its end: a bulk copy's checks cost more than
     * the copy of a short string. Up to 7 bytes past the string may be written, where the next string
     * goes or in the {@link ColumnVector#COPY_SLACK_BYTES} reserved past the end.
     */
    private static void copyString(MemorySegment source, long sourceBytes, long sourceOffset, MemorySegment target, long targetOffset, int length)
    {
        long words = (length + 7L) >>> 3;
        if (length > WORD_COPY_MAX_BYTES || sourceOffset + words * Long.BYTES > sourceBytes) {
            ColumnVector.copyBytes(source, sourceOffset, target, targetOffset, length);
            return;
        }
        for (long word = 0; word < words; word++) {
            long offset = word * Long.BYTES;
            target.set(LONG, targetOffset + offset, source.get(LONG, sourceOffset + offset));
        }
    }

    private void appendStringRange(int channel, ColumnVector column, int count)
    {
        int first = column.stringStart(0);
        int last = column.stringStart(count);
        ensureStringBytes(channel, last - first);
        long written = stringBytes[channel];
        MemorySegment.copy(column.values(), first, values[channel], written, last - first);
        MemorySegment targetOffsets = offsets[channel];
        MemorySegment sourceOffsets = column.offsets();
        int shift = Math.toIntExact(written - first);
        int base = positionCount;
        for (int i = 1; i <= count; i++) {
            targetOffsets.setAtIndex(INT, base + i, sourceOffsets.getAtIndex(INT, i) + shift);
        }
        stringBytes[channel] = written + last - first;
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
