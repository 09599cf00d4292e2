package io.signo.core.exchange;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The vector-at-a-time partitioner and scatter against a row-by-row reference, over random pages of
 * every physical type with NULLs: each row's partition is the one its row alone (a one-row page) gets,
 * each partition gets its rows once and in order, and the accumulated and split pages hold exactly
 * the rows a loop over the input would give each partition.
 */
class PagePartitionerTest
{
    private static final List<Type> TYPES = List.of(Type.BOOLEAN, Type.INTEGER, Type.BIGINT, Type.DOUBLE, Type.DATE, Type.decimal(15, 2), Type.decimal(30, 4), Type.VARCHAR);
    private static final int VARCHAR = 7;

    private static Page randomPage(SplittableRandom random, int rowCount, double nullFraction)
    {
        ColumnVector[] columns = new ColumnVector[TYPES.size()];
        for (int channel = 0; channel < columns.length; channel++) {
            Type type = TYPES.get(channel);
            VectorBuilder builder = new VectorBuilder(type, rowCount);
            for (int row = 0; row < rowCount; row++) {
                if (random.nextDouble() < nullFraction) {
                    builder.appendNull();
                    continue;
                }
                switch (channel) {
                    case 0 -> builder.appendBoolean(random.nextBoolean());
                    case 1, 4 -> builder.appendInt(random.nextInt(-50, 50));
                    case 2, 5 -> builder.appendLong(random.nextLong(-1000, 1000));
                    case 3 -> builder.appendDouble(random.nextInt(-20, 20) / 4.0);
                    case 6 -> builder.appendInt128(random.nextInt(3) - 1, random.nextLong());
                    default -> builder.appendString(randomString(random));
                }
            }
            columns[channel] = builder.build();
        }
        return new Page(rowCount, columns);
    }

    /** Empty strings, short ones, ones around the word-copy limit and long ones; some letters take two or three bytes (negative when signed). */
    private static String randomString(SplittableRandom random)
    {
        int length = switch (random.nextInt(4)) {
            case 0 -> 0;
            case 1 -> random.nextInt(1, 17);
            case 2 -> random.nextInt(17, 80);
            default -> random.nextInt(80, 300);
        };
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int letter = random.nextInt(40);
            text.append(letter < 30 ? (char) ('a' + letter % 26) : letter < 35 ? '\u00e9' : '\u20ac');
        }
        return text.toString();
    }

    private static List<Object> row(Page page, int position)
    {
        List<Object> values = new ArrayList<>(page.columnCount());
        for (int channel = 0; channel < page.columnCount(); channel++) {
            values.add(page.column(channel).getObject(position));
        }
        return values;
    }

    private static Page copyRow(Page page, int position)
    {
        ColumnVector[] columns = new ColumnVector[page.columnCount()];
        for (int channel = 0; channel < columns.length; channel++) {
            VectorBuilder builder = new VectorBuilder(page.column(channel).type(), 1);
            builder.appendFrom(page.column(channel), position);
            columns[channel] = builder.build();
        }
        return new Page(1, columns);
    }

    @Test
    void groupsEveryRowOnceInOrderAndScattersLikeARowByRowLoop()
    {
        for (int[] keys : new int[][] {{2}, {VARCHAR}, {0, 1, 3}, {4, 5, 6, VARCHAR}, {}}) {
            for (int partitionCount : new int[] {1, 2, 3, 7}) {
                checkPartitioning(new SplittableRandom(31L * partitionCount + keys.length), keys, partitionCount, 0, 1);
            }
        }
    }

    /**
     * The partition of every row is the documented hash, computed here row by row from the values
     * the way the partitioner computed it before it was vectorized: tables on disk are laid out by it,
     * so a faster computation must give the same partitions.
     */
    @Test
    void partitionsAreTheRowByRowHashModuloTheCount()
    {
        SplittableRandom random = new SplittableRandom(11);
        for (int[] keys : new int[][] {{2}, {1}, {0}, {3}, {5}, {6}, {VARCHAR}, {0, 1, 3}, {4, 5, 6, VARCHAR}, {VARCHAR, 2}, {}}) {
            for (int partitionCount : new int[] {1, 2, 3, 4, 5, 6, 7, 8, 12, 100, 1000, 4096, 65_537, Integer.MAX_VALUE}) {
                PartitionHasher hasher = new PartitionHasher(keys, partitionCount);
                for (int rowCount : new int[] {0, 1, 300, 1025}) {
                    Page page = randomPage(random, rowCount, rowCount == 300 ? 0.0 : 0.2);
                    int[] partitions = new int[rowCount];
                    hasher.partitions(page, new long[rowCount], partitions);
                    for (int position = 0; position < rowCount; position++) {
                        long expected = (mix(referenceHash(page, position, keys)) >>> 1) % partitionCount;
                        assertEquals(expected, partitions[position], "row " + position + " of " + rowCount + " by " + Arrays.toString(keys) + " into " + partitionCount);
                    }
                }
            }
        }
    }

    private static long referenceHash(Page page, int position, int[] keys)
    {
        long hash = 0;
        for (int channel : keys) {
            ColumnVector vector = page.column(channel);
            long valueHash;
            if (vector.isNull(position)) {
                valueHash = 0;
            }
            else {
                valueHash = switch (vector.type().physicalType()) {
                    case BYTE -> vector.getBoolean(position) ? 1 : 2;
                    case INT -> mix(vector.getInt(position));
                    case LONG -> mix(vector.getLong(position));
                    case INT128 -> {
                        long high = vector.getInt128High(position);
                        long low = vector.getInt128Low(position);
                        yield high == (low >> 63) ? mix(low) : mix(high) * 31 + mix(low);
                    }
                    case DOUBLE -> {
                        double value = vector.getDouble(position);
                        yield mix(Double.doubleToLongBits(value == 0.0 ? 0.0 : value));
                    }
                    case BYTES -> {
                        long stringHash = 1;
                        for (byte b : vector.getString(position).getBytes(StandardCharsets.UTF_8)) {
                            stringHash = stringHash * 31 + b;
                        }
                        yield mix(stringHash);
                    }
                };
            }
            hash = hash * 31 + valueHash;
        }
        return hash;
    }

    private static long mix(long value)
    {
        long h = value * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 32);
    }

    @Test
    void groupsByTableBucketsAcrossNodes()
    {
        checkPartitioning(new SplittableRandom(5), new int[] {2, VARCHAR}, 6, 8, 3);
        checkPartitioning(new SplittableRandom(6), new int[] {5}, 4, 16, 2);
    }

    private static void checkPartitioning(SplittableRandom random, int[] keys, int partitionCount, int tableBuckets, int nodeCount)
    {
        PagePartitioner partitioner = new PagePartitioner(keys, partitionCount, tableBuckets, nodeCount);
        PagePartitioner reference = new PagePartitioner(keys, partitionCount, tableBuckets, nodeCount);
        PageAccumulator[] accumulators = new PageAccumulator[partitionCount];
        List<List<List<Object>>> expected = new ArrayList<>();
        List<List<List<Object>>> accumulated = new ArrayList<>();
        List<List<List<Object>>> split = new ArrayList<>();
        for (int partition = 0; partition < partitionCount; partition++) {
            accumulators[partition] = new PageAccumulator();
            expected.add(new ArrayList<>());
            accumulated.add(new ArrayList<>());
            split.add(new ArrayList<>());
        }
        int[] onePartition = new int[1];
        // sizes 0 and 1, one page without NULLs, one of only NULLs, and pages larger than the previous
        int[] rowCounts = {0, 1, 300, 17, 1025, 64, 4000, 5};
        double[] nullFractions = {0.2, 0.2, 0.0, 1.0, 0.15, 0.5, 0.1, 0.3};
        for (int pageIndex = 0; pageIndex < rowCounts.length; pageIndex++) {
            Page page = randomPage(random, rowCounts[pageIndex], nullFractions[pageIndex]);
            int positionCount = page.positionCount();
            for (int position = 0; position < positionCount; position++) {
                reference.partitions(copyRow(page, position), onePartition);
                expected.get(onePartition[0]).add(row(page, position));
            }

            partitioner.group(page);
            int[] positions = partitioner.positions();
            assertEquals(positionCount, partitioner.partitionStart(partitionCount));
            boolean[] seen = new boolean[positionCount];
            for (int partition = 0; partition < partitionCount; partition++) {
                int start = partitioner.partitionStart(partition);
                for (int i = start; i < start + partitioner.partitionSize(partition); i++) {
                    assertEquals(false, seen[positions[i]], "row " + positions[i] + " placed twice");
                    seen[positions[i]] = true;
                    if (i > start) {
                        assertEquals(true, positions[i] > positions[i - 1], "rows of partition " + partition + " in order");
                    }
                }
            }
            if (positionCount > 0) {
                for (int partition = 0; partition < partitionCount; partition++) {
                    accumulators[partition].prepare(page);
                }
            }
            for (int channel = 0; channel < page.columnCount(); channel++) {
                for (int partition = 0; partition < partitionCount; partition++) {
                    accumulators[partition].appendColumn(channel, page.column(channel), positions, partitioner.partitionStart(partition), partitioner.partitionSize(partition));
                }
            }
            for (int partition = 0; partition < partitionCount; partition++) {
                accumulators[partition].commit(partitioner.partitionSize(partition));
                // flush now and then, so that rows land in reset accumulators too
                if (accumulators[partition].positionCount() > 2000) {
                    drain(accumulators[partition], accumulated.get(partition));
                }
            }
            partitioner.split(page, (partition, part) -> {
                for (int position = 0; position < part.positionCount(); position++) {
                    split.get(partition).add(row(part, position));
                }
            });
        }
        for (int partition = 0; partition < partitionCount; partition++) {
            drain(accumulators[partition], accumulated.get(partition));
            String where = "partition " + partition + " of " + partitionCount + " by " + Arrays.toString(keys);
            assertEquals(expected.get(partition), accumulated.get(partition), where + ", accumulated");
            assertEquals(expected.get(partition), split.get(partition), where + ", split");
        }
        if (partitionCount > 1 && keys.length > 0) {
            int nonEmpty = 0;
            for (List<List<Object>> rows : expected) {
                nonEmpty += rows.isEmpty() ? 0 : 1;
            }
            assertEquals(true, nonEmpty > 1, "rows spread over more than one partition");
        }
    }

    private static void drain(PageAccumulator accumulator, List<List<Object>> rows)
    {
        if (accumulator.positionCount() == 0) {
            return;
        }
        Page view = accumulator.view();
        for (int position = 0; position < view.positionCount(); position++) {
            rows.add(row(view, position));
        }
        accumulator.reset();
    }
}
