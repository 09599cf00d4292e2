package io.signo.core.operator.sort;

/** A stable merge sort of page addresses with a {@link RowComparator}: primitive arrays, no boxing. */
public final class AddressSort
{
    private static final int INSERTION_SORT_THRESHOLD = 16;

    private AddressSort() {}

    public static void sort(long[] addresses, int count, RowComparator comparator)
    {
        if (count < 2) {
            return;
        }
        long[] scratch = new long[count];
        System.arraycopy(addresses, 0, scratch, 0, count);
        mergeSort(scratch, addresses, 0, count, comparator);
    }

    /** Sorts {@code source[from, to)} into {@code target[from, to)}; both hold the same values on entry. */
    private static void mergeSort(long[] source, long[] target, int from, int to, RowComparator comparator)
    {
        int length = to - from;
        if (length <= INSERTION_SORT_THRESHOLD) {
            for (int i = from + 1; i < to; i++) {
                long value = target[i];
                int j = i - 1;
                while (j >= from && comparator.compare(target[j], value) > 0) {
                    target[j + 1] = target[j];
                    j--;
                }
                target[j + 1] = value;
            }
            return;
        }
        int middle = (from + to) >>> 1;
        mergeSort(target, source, from, middle, comparator);
        mergeSort(target, source, middle, to, comparator);
        if (comparator.compare(source[middle - 1], source[middle]) <= 0) {
            System.arraycopy(source, from, target, from, length);
            return;
        }
        int left = from;
        int right = middle;
        for (int i = from; i < to; i++) {
            if (right >= to || (left < middle && comparator.compare(source[left], source[right]) <= 0)) {
                target[i] = source[left++];
            }
            else {
                target[i] = source[right++];
            }
        }
    }
}
