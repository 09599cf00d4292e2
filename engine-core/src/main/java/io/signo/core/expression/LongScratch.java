package io.signo.core.expression;

/**
 * A thread's spare {@code long[]} arrays for the heap operands and results of exact-numeric kernels
 * ({@link LongValues}). Without it every operand of every vector was a fresh array: in Q1 the
 * arithmetic allocated over 4 GB per second at SF 10, each array zeroed by the JVM and written
 * into memory that was not in any cache, and young collections ran five times a second. A spare array
 * is still in the core's cache from the vector before.
 *
 * <p>Discipline: an array is given back only by the code that took it (or was handed it as the
 * result of a {@link LongValues}), once nothing reads it any more; an array never given back is
 * simply collected. Entries beyond the count asked for hold stale values.
 */
final class LongScratch
{
    private static final ThreadLocal<LongScratch> THREAD = ThreadLocal.withInitial(LongScratch::new);
    private static final int MAX_SPARE = 8;

    private final long[][] spare = new long[MAX_SPARE][];
    private int spareCount;

    private LongScratch() {}

    /** An array of at least {@code count} entries, with unspecified contents. */
    static long[] take(int count)
    {
        LongScratch scratch = THREAD.get();
        for (int i = scratch.spareCount - 1; i >= 0; i--) {
            long[] array = scratch.spare[i];
            if (array.length >= count) {
                scratch.spare[i] = scratch.spare[--scratch.spareCount];
                scratch.spare[scratch.spareCount] = null;
                return array;
            }
        }
        return new long[count];
    }

    /** Keeps {@code array} for a later {@link #take} on this thread; the caller must not touch it again. */
    static void giveBack(long[] array)
    {
        LongScratch scratch = THREAD.get();
        for (int i = 0; i < scratch.spareCount; i++) {
            if (scratch.spare[i] == array) {
                // given back twice: holding it twice would hand one array to two takers
                return;
            }
        }
        if (scratch.spareCount < MAX_SPARE) {
            scratch.spare[scratch.spareCount++] = array;
        }
    }
}
