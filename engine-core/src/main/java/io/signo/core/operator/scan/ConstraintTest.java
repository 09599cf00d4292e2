package io.signo.core.operator.scan;

import io.signo.storage.table.ColumnTest;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link ColumnConstraint} tested row by row as a stored segment is read, so that the rows it
 * rules out are never decoded in their other columns. A constraint is implied by the scan's filter,
 * so a row it drops is one the filter would drop. Only the forms whose value comparison cannot differ
 * from the engine's are tested: ranges and IN lists of integers, dates and decimals, equality and IN
 * lists of strings, and IS NOT NULL. Doubles and string ranges are left to the filter. A string is
 * compared without its trailing spaces: a constraint's string has none (the extractor keeps a
 * VARCHAR point only when it ends in no white space, and a CHAR constant loses its trailing white
 * space as the engine's own constant does), so this keeps what CHAR comparison keeps and a superset
 * of what exact VARCHAR comparison keeps.
 */
public final class ConstraintTest
{
    private ConstraintTest() {}

    /** The test of a constraint on a column of {@code type}, or null when it has no row test. */
    public static ColumnTest of(ColumnConstraint constraint, Type type)
    {
        PhysicalType physical = type.physicalType();
        boolean integer = physical == PhysicalType.INT || physical == PhysicalType.LONG;
        return switch (constraint) {
            case ColumnConstraint.NotNull notNull -> new NotNullTest(notNull.column());
            case ColumnConstraint.Range range when integer && isWhole(range.lower()) && isWhole(range.upper()) -> {
                long lower = range.lower() == null ? Long.MIN_VALUE : ((Number) range.lower()).longValue();
                long upper = range.upper() == null ? Long.MAX_VALUE : ((Number) range.upper()).longValue();
                if (range.lower() != null && !range.lowerInclusive()) {
                    if (lower == Long.MAX_VALUE) {
                        yield null;
                    }
                    lower++;
                }
                if (range.upper() != null && !range.upperInclusive()) {
                    if (upper == Long.MIN_VALUE) {
                        yield null;
                    }
                    upper--;
                }
                yield new RangeTest(range.column(), lower, upper, physical == PhysicalType.LONG);
            }
            case ColumnConstraint.Range range when physical == PhysicalType.BYTES && range.lower() instanceof String value && value.equals(range.upper())
                    && range.lowerInclusive() && range.upperInclusive() -> new StringsTest(range.column(), List.of(value));
            case ColumnConstraint.In in when integer && in.values().stream().allMatch(ConstraintTest::isWhole) -> {
                long[] values = in.values().stream().mapToLong(value -> ((Number) value).longValue()).sorted().toArray();
                yield new InTest(in.column(), values, physical == PhysicalType.LONG);
            }
            case ColumnConstraint.In in when physical == PhysicalType.BYTES && in.values().stream().allMatch(String.class::isInstance) -> new StringsTest(in.column(), in.values());
            default -> null;
        };
    }

    private static boolean isWhole(Object value)
    {
        return value == null || value instanceof Integer || value instanceof Long;
    }

    private record NotNullTest(int column)
            implements ColumnTest
    {
        @Override
        public int keep(ColumnVector values, int[] positions, int count)
        {
            return ColumnVector.removeNullPositions(values.nulls(), positions, count);
        }
    }

    private record RangeTest(int column, long lower, long upper, boolean wide)
            implements ColumnTest
    {
        @Override
        public int keep(ColumnVector values, int[] positions, int count)
        {
            int kept = keepInSpan(values.values(), wide, lower, upper - lower, positions, count);
            return ColumnVector.removeNullPositions(values.nulls(), positions, kept);
        }
    }

    /**
     * Keeps the positions whose value lies in {@code [lower, lower + span]}, in order, and returns
     * how many: one unsigned comparison tests both bounds, with no branch per row.
     */
    private static int keepInSpan(MemorySegment data, boolean wide, long lower, long span, int[] positions, int count)
    {
        int kept = 0;
        if (wide) {
            for (int i = 0; i < count; i++) {
                int position = positions[i];
                positions[kept] = position;
                kept += Long.compareUnsigned(data.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, position) - lower, span) <= 0 ? 1 : 0;
            }
        }
        else {
            for (int i = 0; i < count; i++) {
                int position = positions[i];
                positions[kept] = position;
                kept += Long.compareUnsigned(data.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, position) - lower, span) <= 0 ? 1 : 0;
            }
        }
        return kept;
    }

    /**
     * Membership in a sorted set of whole numbers. Every row is first tested against the set's span,
     * with the one unsigned comparison of {@link RangeTest}: a list of keys from a narrow range (the
     * keys a refresh deletes) rejects most rows there. The rows inside the span are looked up in a
     * bitmap of the span when it is at most {@value #MAX_BITMAP_WORDS} words (or a few per value), else
     * by binary search.
     */
    private static final class InTest
            implements ColumnTest
    {
        private static final int MAX_BITMAP_WORDS = 1 << 14;

        private final int column;
        private final long[] values;
        private final boolean wide;
        private final long lower;
        private final long span;
        /** Bit {@code v - lower} is set for each value v; null when the span is too wide for it. */
        private final long[] bitmap;

        InTest(int column, long[] sortedValues, boolean wide)
        {
            this.column = column;
            this.values = sortedValues;
            this.wide = wide;
            this.lower = sortedValues[0];
            this.span = sortedValues[sortedValues.length - 1] - lower;
            long words = Long.compareUnsigned(span, Long.MAX_VALUE - 64) >= 0 ? Long.MAX_VALUE : (span >>> 6) + 1;
            if (words <= Math.max(MAX_BITMAP_WORDS, 4L * sortedValues.length)) {
                bitmap = new long[(int) words];
                for (long value : sortedValues) {
                    long bit = value - lower;
                    bitmap[(int) (bit >>> 6)] |= 1L << bit;
                }
            }
            else {
                bitmap = null;
            }
        }

        @Override
        public int column()
        {
            return column;
        }

        @Override
        public int keep(ColumnVector vector, int[] positions, int count)
        {
            MemorySegment data = vector.values();
            int inSpan = keepInSpan(data, wide, lower, span, positions, count);
            int kept = 0;
            long[] bitmap = this.bitmap;
            for (int i = 0; i < inSpan; i++) {
                int position = positions[i];
                long value = wide ? data.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, position) : data.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, position);
                positions[kept] = position;
                if (bitmap != null) {
                    long bit = value - lower;
                    kept += (int) ((bitmap[(int) (bit >>> 6)] >>> bit) & 1);
                }
                else {
                    kept += Arrays.binarySearch(values, value) >= 0 ? 1 : 0;
                }
            }
            return ColumnVector.removeNullPositions(vector.nulls(), positions, kept);
        }
    }

    /** Equal to one of the strings, both sides without trailing spaces. */
    private static final class StringsTest
            implements ColumnTest
    {
        private final int column;
        private final byte[][] values;

        StringsTest(int column, List<Object> values)
        {
            this.column = column;
            this.values = values.stream()
                    .map(value -> withoutTrailingSpaces((String) value).getBytes(StandardCharsets.UTF_8))
                    .toArray(byte[][]::new);
        }

        @Override
        public int column()
        {
            return column;
        }

        @Override
        public int keep(ColumnVector vector, int[] positions, int count)
        {
            MemorySegment data = vector.values();
            int kept = 0;
            for (int i = 0; i < count; i++) {
                int position = positions[i];
                int start = vector.stringStart(position);
                int length = vector.stringLength(position);
                while (length > 0 && data.get(ValueLayout.JAVA_BYTE, start + length - 1) == ' ') {
                    length--;
                }
                positions[kept] = position;
                kept += matches(data, start, length) ? 1 : 0;
            }
            return ColumnVector.removeNullPositions(vector.nulls(), positions, kept);
        }

        private static String withoutTrailingSpaces(String value)
        {
            int end = value.length();
            while (end > 0 && value.charAt(end - 1) == ' ') {
                end--;
            }
            return value.substring(0, end);
        }

        private boolean matches(MemorySegment data, int start, int length)
        {
            for (byte[] value : values) {
                if (value.length == length && MemorySegment.mismatch(data, start, start + length, MemorySegment.ofArray(value), 0, length) == -1) {
                    return true;
                }
            }
            return false;
        }
    }
}
