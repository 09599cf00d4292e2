package io.signo.storage.db;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * Gives the pages of a read-only file mapping back to the kernel once a chunk in them was decoded
 * ({@code madvise(MADV_DONTNEED)}): they stay in the page cache, but no longer count in the
 * process's resident memory, where a scan over a database larger than memory would otherwise
 * leave every page it touched. A later read of them faults them in again from the page cache, so
 * releasing pages another thread is reading is safe. Only for mappings of files opened read-only:
 * on anonymous memory it would drop the contents. Linux only; elsewhere it does nothing.
 */
final class MappedPages
{
    private static final int MADV_DONTNEED = 4;
    private static final int SC_PAGESIZE = 30;
    private static final MethodHandle MADVISE;
    private static final long PAGE_SIZE;

    static {
        MethodHandle madvise = null;
        long pageSize = 0;
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                madvise = linker.downcallHandle(libc.find("madvise").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
                MethodHandle sysconf = linker.downcallHandle(libc.find("sysconf").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
                pageSize = (long) sysconf.invokeExact(SC_PAGESIZE);
            }
            catch (Throwable e) {
                // without native access (or libc), pages stay resident until the mapping goes
                madvise = null;
            }
        }
        MADVISE = pageSize > 0 ? madvise : null;
        PAGE_SIZE = pageSize;
    }

    private MappedPages() {}

    /** Releases the pages that hold bytes {@code [offset, offset + length)} of {@code mapping}, a read-only file mapping. */
    static void release(MemorySegment mapping, long offset, long length)
    {
        if (MADVISE == null || length <= 0) {
            return;
        }
        // a mapping starts on a page; its last page may hold bytes past the file's end, which it maps too
        long base = mapping.address();
        long start = Math.max(base, (base + offset) / PAGE_SIZE * PAGE_SIZE);
        long end = Math.min(base + mapping.byteSize(), ceilToPage(base + offset + length));
        if (end <= start) {
            return;
        }
        try {
            int ignored = (int) MADVISE.invokeExact(MemorySegment.ofAddress(start), end - start, MADV_DONTNEED);
        }
        catch (Throwable e) {
            // advice only: the pages stay resident
        }
    }

    private static long ceilToPage(long address)
    {
        return (address + PAGE_SIZE - 1) / PAGE_SIZE * PAGE_SIZE;
    }
}
