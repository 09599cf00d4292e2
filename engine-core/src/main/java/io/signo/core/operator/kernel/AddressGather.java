package io.signo.core.operator.kernel;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Copies rows named by page addresses (see {@link PageAddresses}) out of many retained vectors of one
 * column into one dense vector. Switches on the physical type once, then runs a loop for it.
 */
public final class AddressGather
{
    private AddressGather() {}

    /**
     * Gathers {@code addresses[0 .. count)} of one column, where {@code columnByPage[p]} is that
     * column's vector in retained page p. A negative address yields NULL (an outer join's missing row).
     */
    public static ColumnVector gather(Type type, ColumnVector[] columnByPage, long[] addresses, int count, PageAllocator allocator)
    {
        boolean pagesHaveNulls = false;
        for (ColumnVector column : columnByPage) {
            // callers may leave entries of pages they dropped (no address names them) null
            pagesHaveNulls |= column != null && column.nulls() != null;
        }
        boolean missingRows = false;
        for (int i = 0; i < count; i++) {
            missingRows |= addresses[i] < 0;
        }
        MemorySegment nulls = null;
        if (pagesHaveNulls || missingRows) {
            nulls = gatherNulls(columnByPage, addresses, count, allocator);
        }
        // the values of each page once, so the loops below read one array instead of chasing the vector
        MemorySegment[] valuesByPage = new MemorySegment[columnByPage.length];
        for (int page = 0; page < columnByPage.length; page++) {
            valuesByPage[page] = columnByPage[page] == null ? null : columnByPage[page].values();
        }
        switch (type.physicalType()) {
            case BYTE -> {
                MemorySegment out = allocator.allocate(count);
                if (!missingRows) {
                    for (int i = 0; i < count; i++) {
                        long address = addresses[i];
                        out.set(ValueLayout.JAVA_BYTE, i, valuesByPage[PageAddresses.pageIndex(address)].get(ValueLayout.JAVA_BYTE, PageAddresses.position(address)));
                    }
                    return new ColumnVector(type, count, out, null, nulls);
                }
                for (int i = 0; i < count; i++) {
                    long address = addresses[i];
                    if (address >= 0) {
                        out.set(ValueLayout.JAVA_BYTE, i, valuesByPage[PageAddresses.pageIndex(address)].get(ValueLayout.JAVA_BYTE, PageAddresses.position(address)));
                    }
                }
                return new ColumnVector(type, count, out, null, nulls);
            }
            case INT -> {
                MemorySegment out = allocator.allocate((long) count * Integer.BYTES);
                if (!missingRows) {
                    for (int i = 0; i < count; i++) {
                        long address = addresses[i];
                        out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, valuesByPage[PageAddresses.pageIndex(address)].getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, PageAddresses.position(address)));
                    }
                    return new ColumnVector(type, count, out, null, nulls);
                }
                for (int i = 0; i < count; i++) {
                    long address = addresses[i];
                    if (address >= 0) {
                        out.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, valuesByPage[PageAddresses.pageIndex(address)].getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, PageAddresses.position(address)));
                    }
                }
                return new ColumnVector(type, count, out, null, nulls);
            }
            case LONG, DOUBLE -> {
                MemorySegment out = allocator.allocate((long) count * Long.BYTES);
                if (!missingRows) {
                    for (int i = 0; i < count; i++) {
                        long address = addresses[i];
                        out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, valuesByPage[PageAddresses.pageIndex(address)].getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, PageAddresses.position(address)));
                    }
                    return new ColumnVector(type, count, out, null, nulls);
                }
                for (int i = 0; i < count; i++) {
                    long address = addresses[i];
                    if (address >= 0) {
                        out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, valuesByPage[PageAddresses.pageIndex(address)].getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, PageAddresses.position(address)));
                    }
                }
                return new ColumnVector(type, count, out, null, nulls);
            }
            case INT128 -> {
                MemorySegment out = allocator.allocate((long) count * 2 * Long.BYTES);
                for (int i = 0; i < count; i++) {
                    long address = addresses[i];
                    if (address >= 0) {
                        MemorySegment.copy(valuesByPage[PageAddresses.pageIndex(address)], 2L * Long.BYTES * PageAddresses.position(address), out, 2L * Long.BYTES * i, 2L * Long.BYTES);
                    }
                }
                return new ColumnVector(type, count, out, null, nulls);
            }
            case BYTES -> {
                long totalBytes = 0;
                for (int i = 0; i < count; i++) {
                    long address = addresses[i];
                    if (address >= 0) {
                        totalBytes += columnByPage[PageAddresses.pageIndex(address)].stringLength(PageAddresses.position(address));
                    }
                }
                if (totalBytes > Integer.MAX_VALUE) {
                    throw new IllegalStateException("gathered strings exceed 2 GB: " + totalBytes);
                }
                MemorySegment out = allocator.allocate(totalBytes + ColumnVector.COPY_SLACK_BYTES);
                MemorySegment offsets = allocator.allocate((long) (count + 1) * Integer.BYTES);
                int written = 0;
                for (int i = 0; i < count; i++) {
                    long address = addresses[i];
                    if (address >= 0) {
                        ColumnVector source = columnByPage[PageAddresses.pageIndex(address)];
                        int position = PageAddresses.position(address);
                        int start = source.stringStart(position);
                        int length = source.stringStart(position + 1) - start;
                        ColumnVector.copyBytes(source.values(), start, out, written, length);
                        written += length;
                    }
                    offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i + 1, written);
                }
                return new ColumnVector(type, count, out.asSlice(0, totalBytes), offsets, nulls);
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /** The null bitmap of the gathered rows, or null when none is NULL. */
    private static MemorySegment gatherNulls(ColumnVector[] columnByPage, long[] addresses, int count, PageAllocator allocator)
    {
        MemorySegment nulls = null;
        for (int i = 0; i < count; i++) {
            long address = addresses[i];
            if (address < 0 || columnByPage[PageAddresses.pageIndex(address)].isNull(PageAddresses.position(address))) {
                if (nulls == null) {
                    nulls = allocator.allocate((count + 7) / 8);
                }
                nulls.set(ValueLayout.JAVA_BYTE, i >>> 3, (byte) (nulls.get(ValueLayout.JAVA_BYTE, i >>> 3) | (1 << (i & 7))));
            }
        }
        return nulls;
    }

    /** A vector of {@code count} NULLs of the given type. */
    public static ColumnVector nulls(Type type, int count, PageAllocator allocator)
    {
        int width = type.physicalType().fixedWidth();
        MemorySegment values = allocator.allocate(width < 0 ? 0 : (long) width * count);
        MemorySegment offsets = width < 0 ? allocator.allocate((long) (count + 1) * Integer.BYTES) : null;
        MemorySegment nulls = allocator.allocate((count + 7) / 8);
        nulls.fill((byte) 0xFF);
        return new ColumnVector(type, count, values, offsets, count == 0 ? null : nulls);
    }
}
