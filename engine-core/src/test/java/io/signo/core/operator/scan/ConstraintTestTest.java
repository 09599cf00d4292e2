package io.signo.core.operator.scan;

import io.signo.storage.table.ColumnTest;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The row tests a stored scan runs as it reads: each keeps exactly the rows whose value the constraint admits, never a NULL. */
class ConstraintTestTest
{
    @Test
    void anInListKeepsItsMembersWhateverTheSpreadOfItsValues()
    {
        SplittableRandom random = new SplittableRandom(21);
        // a narrow list (the bitmap), a wide one (binary search), one at the ends of the long range, and one value
        List<List<Long>> lists = List.of(
                List.of(3L, 5L, 64L, 65L, 127L, 128L, 1000L),
                List.of(-5_000_000_000L, 7L, 9L, 4_000_000_000_000L),
                List.of(Long.MIN_VALUE, -1L, 0L, Long.MAX_VALUE),
                List.of(42L));
        for (List<Long> list : lists) {
            for (Type type : List.of(Type.BIGINT, Type.INTEGER)) {
                List<Long> members = type == Type.BIGINT ? list : list.stream().filter(value -> value == (int) (long) value).toList();
                if (members.isEmpty()) {
                    continue;
                }
                VectorBuilder builder = new VectorBuilder(type, 4096);
                List<Long> values = new ArrayList<>();
                for (int i = 0; i < 4096; i++) {
                    long drawn = switch (random.nextInt(4)) {
                        case 0 -> members.get(random.nextInt(members.size()));
                        case 1 -> members.get(random.nextInt(members.size())) + (random.nextBoolean() ? 1 : -1);
                        case 2 -> random.nextLong(-2000, 2000);
                        default -> type == Type.BIGINT ? random.nextLong() : random.nextInt();
                    };
                    long value = type == Type.INTEGER ? (int) drawn : drawn;
                    if (i % 97 == 0) {
                        builder.appendNull();
                        values.add(null);
                    }
                    else if (type == Type.BIGINT) {
                        builder.appendLong(value);
                        values.add(value);
                    }
                    else {
                        builder.appendInt((int) value);
                        values.add(value);
                    }
                }
                ColumnVector vector = builder.build();
                ColumnTest test = ConstraintTest.of(ColumnConstraint.in(0, new ArrayList<>(members)), type);
                // every other position, as a scan that has already dropped rows passes them
                int[] positions = new int[2048];
                for (int i = 0; i < positions.length; i++) {
                    positions[i] = 2 * i;
                }
                int kept = test.keep(vector, positions, positions.length);
                Set<Long> memberSet = new HashSet<>(members);
                List<Integer> expected = new ArrayList<>();
                for (int i = 0; i < 2048; i++) {
                    Long value = values.get(2 * i);
                    if (value != null && memberSet.contains(value)) {
                        expected.add(2 * i);
                    }
                }
                assertEquals(expected.size(), kept, "rows of " + type + " kept by IN " + members);
                int[] actual = new int[kept];
                System.arraycopy(positions, 0, actual, 0, kept);
                assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), actual, "rows of " + type + " kept by IN " + members);
            }
        }
    }

    @Test
    void anInListKeepsNothingFromRowsOutsideItsSpanOrNull()
    {
        VectorBuilder builder = new VectorBuilder(Type.BIGINT, 4);
        builder.appendLong(1);
        builder.appendNull();
        builder.appendLong(6000);
        builder.appendLong(-1);
        ColumnTest test = ConstraintTest.of(ColumnConstraint.in(0, List.of(2L, 5988L)), Type.BIGINT);
        int[] positions = {0, 1, 2, 3};
        assertEquals(0, test.keep(builder.build(), positions, 4));
    }
}
