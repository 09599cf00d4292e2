package io.signo.core.operator.scan;

import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.PageSegment;
import io.signo.storage.table.Segment;
import io.signo.storage.table.ZoneStatistics;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.signo.core.operator.scan.ColumnConstraint.atLeast;
import static io.signo.core.operator.scan.ColumnConstraint.atMost;
import static io.signo.core.operator.scan.ColumnConstraint.between;
import static io.signo.core.operator.scan.ColumnConstraint.equalTo;
import static io.signo.core.operator.scan.ColumnConstraint.greaterThan;
import static io.signo.core.operator.scan.ColumnConstraint.in;
import static io.signo.core.operator.scan.ColumnConstraint.lessThan;
import static io.signo.core.operator.scan.ColumnConstraint.notNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SegmentPredicateTest
{
    private static final int ROWS = 4;

    /** A segment of ROWS rows whose only column has the given statistics (the values themselves are not read). */
    private static Segment segment(ColumnStatistics statistics)
    {
        VectorBuilder builder = new VectorBuilder(Type.BIGINT, ROWS);
        for (int i = 0; i < ROWS; i++) {
            builder.appendLong(i);
        }
        return new PageSegment(new Page(ROWS, builder.build()), new ColumnStatistics[] {statistics});
    }

    private static Segment range(Object min, Object max)
    {
        return segment(new ColumnStatistics(ROWS, 0, min, max, 8));
    }

    private static boolean mayMatch(ColumnConstraint constraint, Segment segment)
    {
        return new SegmentPredicate(List.of(constraint)).mayMatch(segment);
    }

    /** A segment of ROWS rows spanning {@code min..max} whose column has the given zones (two rows each). */
    private static Segment zoned(long min, long max, List<ZoneStatistics> zones)
    {
        Segment segment = range(min, max);
        return new Segment()
        {
            @Override
            public int rowCount()
            {
                return segment.rowCount();
            }

            @Override
            public ColumnStatistics[] columnStatistics()
            {
                return segment.columnStatistics();
            }

            @Override
            public List<ZoneStatistics> zoneStatistics(int column)
            {
                return zones;
            }

            @Override
            public Page read(int[] columns)
            {
                return segment.read(columns);
            }

            @Override
            public int columnCount()
            {
                return segment.columnCount();
            }

            @Override
            public long retainedBytes()
            {
                return segment.retainedBytes();
            }
        };
    }

    private static ZoneStatistics zone(Long min, Long max, long nulls)
    {
        return new ZoneStatistics(new ColumnStatistics(0, nulls, min, max, 8), 2);
    }

    @Test
    void zonesRuleOutWhatTheSegmentsRangeKeeps()
    {
        // the segment spans 0..100, its two zones 0..10 and 90..100
        Segment segment = zoned(0, 100, List.of(zone(0L, 10L, 0), zone(90L, 100L, 0)));
        assertFalse(mayMatch(between(0, 20L, 80L), segment));
        assertTrue(mayMatch(between(0, 5L, 80L), segment));
        assertTrue(mayMatch(atLeast(0, 95L), segment));
        assertFalse(mayMatch(atLeast(0, 101L), segment));
        // a zone of NULLs only matches no range; one without min and max matches any
        assertFalse(mayMatch(equalTo(0, 50L), zoned(0, 100, List.of(zone(0L, 10L, 0), zone(null, null, 2)))));
        assertTrue(mayMatch(equalTo(0, 50L), zoned(0, 100, List.of(zone(0L, 10L, 0), zone(null, null, 1)))));
        assertTrue(mayMatch(equalTo(0, 50L), zoned(0, 100, List.of())));
    }

    @Test
    void lowerBounds()
    {
        Segment segment = range(10L, 20L);
        assertTrue(mayMatch(atLeast(0, 20L), segment));
        assertFalse(mayMatch(greaterThan(0, 20L), segment));
        assertFalse(mayMatch(atLeast(0, 21L), segment));
        assertTrue(mayMatch(greaterThan(0, 19L), segment));
        assertTrue(mayMatch(atLeast(0, -5L), segment));
    }

    @Test
    void upperBounds()
    {
        Segment segment = range(10, 20);
        assertTrue(mayMatch(atMost(0, 10), segment));
        assertFalse(mayMatch(lessThan(0, 10), segment));
        assertFalse(mayMatch(atMost(0, 9), segment));
        assertTrue(mayMatch(lessThan(0, 11), segment));
        assertTrue(mayMatch(lessThan(0, 1000), segment));
    }

    @Test
    void pointsAndRanges()
    {
        Segment segment = range(10L, 20L);
        assertTrue(mayMatch(equalTo(0, 10L), segment));
        assertTrue(mayMatch(equalTo(0, 15L), segment));
        assertFalse(mayMatch(equalTo(0, 21L), segment));
        assertFalse(mayMatch(equalTo(0, 9L), segment));
        assertTrue(mayMatch(between(0, 0L, 10L), segment));
        assertTrue(mayMatch(between(0, 12L, 13L), segment));
        assertFalse(mayMatch(between(0, 21L, 30L), segment));
        assertFalse(mayMatch(new ColumnConstraint.Range(0, 5L, true, 10L, false), segment));
        assertThrows(IllegalArgumentException.class, () -> new ColumnConstraint.Range(0, null, true, null, true));
    }

    @Test
    void inLists()
    {
        Segment segment = range(10L, 20L);
        assertTrue(mayMatch(in(0, List.of(1L, 15L, 30L)), segment));
        assertTrue(mayMatch(in(0, List.of(20L)), segment));
        assertFalse(mayMatch(in(0, List.of(1L, 9L, 21L, 30L)), segment));
        assertThrows(IllegalArgumentException.class, () -> in(0, List.of()));
    }

    @Test
    void conjunctionPrunesWhenAnyConstraintRulesTheSegmentOut()
    {
        Segment segment = range(10L, 20L);
        assertTrue(new SegmentPredicate(List.of(atLeast(0, 12L), atMost(0, 14L))).mayMatch(segment));
        assertFalse(new SegmentPredicate(List.of(atLeast(0, 12L), atMost(0, 9L))).mayMatch(segment));
        assertTrue(SegmentPredicate.ALL.mayMatch(segment));
        assertTrue(SegmentPredicate.ALL.isAll());
    }

    @Test
    void nulls()
    {
        Segment allNull = segment(new ColumnStatistics(0, ROWS, null, null, 8));
        assertFalse(mayMatch(notNull(0), allNull));
        assertFalse(mayMatch(atLeast(0, 1L), allNull));
        assertFalse(mayMatch(in(0, List.of(1L)), allNull));

        Segment someNull = segment(new ColumnStatistics(2, 1, 10L, 20L, 8));
        assertTrue(mayMatch(notNull(0), someNull));
        assertTrue(mayMatch(atLeast(0, 20L), someNull));
        assertFalse(mayMatch(atLeast(0, 21L), someNull));
    }

    @Test
    void unknownStatisticsKeepTheSegment()
    {
        assertTrue(mayMatch(equalTo(0, 5L), segment(null)));
        assertTrue(mayMatch(notNull(0), segment(null)));
        assertTrue(mayMatch(atLeast(0, 5L), range(null, null)));
        assertTrue(mayMatch(atLeast(0, 5L), range(1L, null)));
        assertFalse(mayMatch(atMost(0, 5L), range(6L, null)));
        assertTrue(mayMatch(in(0, List.of(5L)), range(null, null)));
        // a constraint on a column the segment has no statistics for
        assertTrue(mayMatch(equalTo(3, 5L), range(10L, 20L)));
        Segment noStatistics = new PageSegment(range(1L, 2L).readAll(), null);
        assertTrue(mayMatch(equalTo(0, 5L), noStatistics));
    }

    @Test
    void boundsOfAnotherKindKeepTheSegment()
    {
        assertTrue(mayMatch(equalTo(0, 5), range(10L, 20L)));
        assertTrue(mayMatch(equalTo(0, "a"), range(10L, 20L)));
    }

    @Test
    void strings()
    {
        Segment segment = range("BRAZIL", "FRANCE");
        assertTrue(mayMatch(equalTo(0, "CANADA"), segment));
        assertTrue(mayMatch(equalTo(0, "BRAZIL"), segment));
        assertFalse(mayMatch(equalTo(0, "ALGERIA"), segment));
        assertFalse(mayMatch(equalTo(0, "GERMANY"), segment));
        assertFalse(mayMatch(equalTo(0, "FRANCEX"), segment));
        assertTrue(mayMatch(lessThan(0, "BRAZILIA"), segment));
        assertFalse(mayMatch(lessThan(0, "BRAZIL"), segment));
        assertFalse(mayMatch(in(0, List.of("ALGERIA", "INDIA")), segment));
        assertTrue(mayMatch(in(0, List.of("ALGERIA", "EGYPT")), segment));
        assertTrue(mayMatch(atLeast(0, ""), segment));
    }

    @Test
    void stringsCompareByCodePointLikeUtf8Bytes()
    {
        // U+FF21 sorts before U+1F600 in UTF-8 bytes, but after its surrogate pair in UTF-16
        String fullWidth = "\uFF21";
        String emoji = new String(Character.toChars(0x1F600));
        assertFalse(mayMatch(atMost(0, fullWidth), range(emoji, emoji)));
        assertTrue(mayMatch(atLeast(0, fullWidth), range(emoji, emoji)));
    }

    @Test
    void decimalsAsUnscaledLongs()
    {
        // DECIMAL(12, 2) values 0.05 to 0.07
        Segment segment = range(5L, 7L);
        assertTrue(mayMatch(between(0, 5L, 7L), segment));
        assertFalse(mayMatch(atLeast(0, 8L), segment));
        assertFalse(mayMatch(lessThan(0, 5L), segment));
    }

    @Test
    void doubles()
    {
        Segment segment = range(0.0, 1.5);
        assertTrue(mayMatch(atMost(0, -0.0), segment));
        assertFalse(mayMatch(lessThan(0, -0.0), segment));
        assertFalse(mayMatch(greaterThan(0, 1.5), segment));
        assertTrue(mayMatch(equalTo(0, Double.NaN), segment));
        assertTrue(mayMatch(equalTo(0, 1.0), range(Double.NaN, Double.NaN)));
    }

    @Test
    void describesTheConstraints()
    {
        SegmentPredicate predicate = new SegmentPredicate(List.of(
                atMost(0, 10471),
                new ColumnConstraint.Range(1, 5L, true, 7L, false),
                equalTo(1, 6L),
                in(2, List.of("A", "O'B")),
                notNull(0)));
        assertEquals("[d <= 10471, x >= 5 AND x < 7, x = 6, s IN ('A', 'O''B'), d IS NOT NULL]", predicate.describe(List.of("d", "x", "s")));
    }
}
