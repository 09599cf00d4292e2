package io.signo.storage.file.parquet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The RLE / bit-packing hybrid decoded against runs written here as the Parquet format describes
 * them, for every bit width: bit-packed groups (whole and cut short at the end of the values),
 * repeated runs, and the two mixed.
 */
class HybridDecoderTest
{
    @Test
    void everyBitWidthDecodesWhatWasPacked()
    {
        SplittableRandom random = new SplittableRandom(7);
        for (int bitWidth = 0; bitWidth <= 32; bitWidth++) {
            for (int count : new int[] {1, 7, 8, 9, 64, 1003}) {
                int[] expected = randomValues(random, bitWidth, count);
                ByteArrayOutputStream runs = new ByteArrayOutputStream();
                writePacked(runs, expected, 0, count, bitWidth);
                assertArrayEquals(expected, decode(runs.toByteArray(), bitWidth, count), "bit width " + bitWidth + ", " + count + " values");
            }
        }
    }

    @Test
    void repeatedAndPackedRunsMix()
    {
        SplittableRandom random = new SplittableRandom(11);
        for (int bitWidth : new int[] {1, 2, 5, 8, 9, 12, 16, 17, 24, 32}) {
            int[] expected = new int[0];
            ByteArrayOutputStream runs = new ByteArrayOutputStream();
            for (int run = 0; run < 20; run++) {
                int from = expected.length;
                if (run % 2 == 0) {
                    int length = 1 + random.nextInt(100);
                    int value = randomValues(random, bitWidth, 1)[0];
                    expected = Arrays.copyOf(expected, from + length);
                    Arrays.fill(expected, from, from + length, value);
                    writeRepeated(runs, value, length, bitWidth);
                }
                else {
                    int[] values = randomValues(random, bitWidth, 8 * (1 + random.nextInt(10)));
                    expected = Arrays.copyOf(expected, from + values.length);
                    System.arraycopy(values, 0, expected, from, values.length);
                    writePacked(runs, values, 0, values.length, bitWidth);
                }
            }
            assertArrayEquals(expected, decode(runs.toByteArray(), bitWidth, expected.length), "bit width " + bitWidth);
        }
    }

    @Test
    void someRowsDecodeAsTheWholeRunsDo()
    {
        SplittableRandom random = new SplittableRandom(13);
        for (int bitWidth : new int[] {0, 1, 3, 8, 11, 12, 16, 20, 32}) {
            int[] expected = new int[0];
            ByteArrayOutputStream runs = new ByteArrayOutputStream();
            for (int run = 0; run < 30; run++) {
                int from = expected.length;
                if (run % 3 == 1) {
                    int length = 1 + random.nextInt(50);
                    int value = randomValues(random, bitWidth, 1)[0];
                    expected = Arrays.copyOf(expected, from + length);
                    Arrays.fill(expected, from, from + length, value);
                    writeRepeated(runs, value, length, bitWidth);
                }
                else {
                    int[] values = randomValues(random, bitWidth, 8 * (1 + random.nextInt(10)));
                    expected = Arrays.copyOf(expected, from + values.length);
                    System.arraycopy(values, 0, expected, from, values.length);
                    writePacked(runs, values, 0, values.length, bitWidth);
                }
            }
            // the page's rows are rows 100 .. 100 + count of its row group; one row in five asked for, and the last
            int first = 100;
            int[] rows = new int[expected.length];
            int rowCount = 0;
            for (int row = 0; row < expected.length; row++) {
                if (random.nextInt(5) == 0 || row == expected.length - 1) {
                    rows[rowCount++] = first + row;
                }
            }
            byte[] bytes = runs.toByteArray();
            int[] decoded = new int[first + expected.length];
            Arrays.fill(decoded, -7);
            new HybridDecoder().decodeAt(MemorySegment.ofArray(bytes), 0, bytes.length, bitWidth, expected.length, rows, 0, rowCount, first, decoded);
            int asked = 0;
            for (int row = 0; row < expected.length; row++) {
                boolean wanted = asked < rowCount && rows[asked] == first + row;
                asked += wanted ? 1 : 0;
                assertEquals(wanted ? expected[row] : -7, decoded[first + row], "bit width " + bitWidth + ", row " + row);
            }
        }
    }

    /**
     * Codes tested as they are unpacked keep the rows whose codes pass, as unpacking them all and
     * testing each would: every bit width, counts that are no multiple of 8, 32 or 64, packed and
     * repeated runs mixed, after rows kept before.
     */
    @Test
    void everyBitWidthKeepsTheRowsWhoseCodesPass()
    {
        SplittableRandom random = new SplittableRandom(17);
        for (int bitWidth = 0; bitWidth <= 32; bitWidth++) {
            // a dictionary no larger than the bit width can number, nor than a test's array needs to be here
            int entries = bitWidth >= 13 ? 5000 : 1 << bitWidth;
            for (int count : new int[] {1, 7, 8, 9, 31, 33, 63, 65, 1003, 4099}) {
                ByteArrayOutputStream runs = new ByteArrayOutputStream();
                int[] codes = writeRandomRuns(random, runs, count, entries, bitWidth);
                boolean[] passes = new boolean[entries + 1];
                for (int entry = 0; entry < entries; entry++) {
                    passes[entry + 1] = random.nextInt(3) == 0;
                }
                // three rows kept before, and the page's rows are rows 100 .. 100 + count of the row group
                int first = 100;
                int[] expected = new int[3 + count];
                int expectedCount = 3;
                for (int i = 0; i < count; i++) {
                    if (passes[codes[i] + 1]) {
                        expected[expectedCount++] = first + i;
                    }
                }
                int[] positions = new int[3 + count];
                byte[] bytes = runs.toByteArray();
                int kept = new HybridDecoder().keep(MemorySegment.ofArray(bytes), 0, bytes.length, bitWidth, count, passes, first, positions, 3);
                assertEquals(expectedCount, kept, "bit width " + bitWidth + ", " + count + " codes");
                assertArrayEquals(Arrays.copyOfRange(expected, 3, expectedCount), Arrays.copyOfRange(positions, 3, kept), "bit width " + bitWidth + ", " + count + " codes");
            }
        }
    }

    @Test
    void aCodeOutsideTheDictionaryIsAnErrorWhenTestedAsItIsUnpacked()
    {
        boolean[] passes = new boolean[] {false, true, true, false};
        for (int bitWidth : new int[] {2, 12, 32}) {
            int outside = bitWidth == 32 ? -1 : 3;
            ByteArrayOutputStream packed = new ByteArrayOutputStream();
            writePacked(packed, new int[] {0, 1, 2, outside, 0}, 0, 5, bitWidth);
            byte[] packedBytes = packed.toByteArray();
            assertThrows(IllegalArgumentException.class,
                    () -> new HybridDecoder().keep(MemorySegment.ofArray(packedBytes), 0, packedBytes.length, bitWidth, 5, passes, 0, new int[5], 0), "bit width " + bitWidth);
            ByteArrayOutputStream repeated = new ByteArrayOutputStream();
            writeRepeated(repeated, outside, 9, bitWidth);
            byte[] repeatedBytes = repeated.toByteArray();
            assertThrows(IllegalArgumentException.class,
                    () -> new HybridDecoder().keep(MemorySegment.ofArray(repeatedBytes), 0, repeatedBytes.length, bitWidth, 9, passes, 0, new int[9], 0), "bit width " + bitWidth);
        }
    }

    /**
     * Codes looked up as they are unpacked give each row its dictionary entry, as unpacking them all
     * and looking each up would: every bit width, counts that are no multiple of 8, packed and
     * repeated runs mixed, into dictionaries of longs and of ints.
     */
    @Test
    void everyBitWidthLooksUpTheEntriesOfItsCodes()
    {
        SplittableRandom random = new SplittableRandom(19);
        for (int bitWidth = 0; bitWidth <= 32; bitWidth++) {
            int size = bitWidth >= 13 ? 5000 : 1 << bitWidth;
            long[] longEntries = new long[size];
            int[] intEntries = new int[size];
            for (int entry = 0; entry < size; entry++) {
                longEntries[entry] = random.nextLong();
                intEntries[entry] = random.nextInt();
            }
            for (int count : new int[] {1, 7, 8, 9, 31, 65, 1003, 4099}) {
                ByteArrayOutputStream runs = new ByteArrayOutputStream();
                int[] codes = writeRandomRuns(random, runs, count, size, bitWidth);
                long[] expectedLongs = new long[count];
                int[] expectedInts = new int[count];
                for (int i = 0; i < count; i++) {
                    expectedLongs[i] = longEntries[codes[i]];
                    expectedInts[i] = intEntries[codes[i]];
                }
                byte[] bytes = runs.toByteArray();
                long[] longs = new long[count + 2];
                int[] ints = new int[count + 2];
                new HybridDecoder().lookUp(MemorySegment.ofArray(bytes), 0, bytes.length, bitWidth, count, longEntries, longs);
                new HybridDecoder().lookUp(MemorySegment.ofArray(bytes), 0, bytes.length, bitWidth, count, intEntries, ints);
                assertArrayEquals(expectedLongs, Arrays.copyOf(longs, count), "bit width " + bitWidth + ", " + count + " codes");
                assertArrayEquals(expectedInts, Arrays.copyOf(ints, count), "bit width " + bitWidth + ", " + count + " codes");
                assertEquals(0, longs[count], "nothing written past the codes");
                assertEquals(0, ints[count], "nothing written past the codes");
            }
        }
    }

    @Test
    void aCodeOutsideTheDictionaryIsAnErrorWhenLookedUpAsItIsUnpacked()
    {
        long[] longEntries = new long[] {10, 20, 30};
        int[] intEntries = new int[] {10, 20, 30};
        for (int bitWidth : new int[] {2, 12, 32}) {
            int outside = bitWidth == 32 ? -1 : 3;
            ByteArrayOutputStream packed = new ByteArrayOutputStream();
            writePacked(packed, new int[] {0, 1, 2, outside, 0, 1, 2, 0, 1}, 0, 9, bitWidth);
            byte[] packedBytes = packed.toByteArray();
            assertThrows(IllegalArgumentException.class,
                    () -> new HybridDecoder().lookUp(MemorySegment.ofArray(packedBytes), 0, packedBytes.length, bitWidth, 9, longEntries, new long[9]), "bit width " + bitWidth);
            assertThrows(IllegalArgumentException.class,
                    () -> new HybridDecoder().lookUp(MemorySegment.ofArray(packedBytes), 0, packedBytes.length, bitWidth, 9, intEntries, new int[9]), "bit width " + bitWidth);
            ByteArrayOutputStream repeated = new ByteArrayOutputStream();
            writeRepeated(repeated, outside, 9, bitWidth);
            byte[] repeatedBytes = repeated.toByteArray();
            assertThrows(IllegalArgumentException.class,
                    () -> new HybridDecoder().lookUp(MemorySegment.ofArray(repeatedBytes), 0, repeatedBytes.length, bitWidth, 9, longEntries, new long[9]), "bit width " + bitWidth);
            assertThrows(IllegalArgumentException.class,
                    () -> new HybridDecoder().lookUp(MemorySegment.ofArray(repeatedBytes), 0, repeatedBytes.length, bitWidth, 9, intEntries, new int[9]), "bit width " + bitWidth);
        }
    }

    @Test
    void someRowsPastTheRunsAreAnError()
    {
        ByteArrayOutputStream runs = new ByteArrayOutputStream();
        writePacked(runs, new int[16], 0, 16, 12);
        byte[] bytes = runs.toByteArray();
        // the header says 24 values, the runs hold 16
        assertThrows(IllegalArgumentException.class,
                () -> new HybridDecoder().decodeAt(MemorySegment.ofArray(bytes), 0, bytes.length, 12, 24, new int[] {3, 20}, 0, 2, 0, new int[24]));
    }

    @Test
    void runsThatEndEarlyAreAnError()
    {
        ByteArrayOutputStream runs = new ByteArrayOutputStream();
        writePacked(runs, new int[16], 0, 16, 12);
        byte[] cut = Arrays.copyOf(runs.toByteArray(), runs.size() - 5);
        assertThrows(IllegalArgumentException.class, () -> decode(cut, 12, 16));
    }

    @Test
    void aRunHeaderCutShortOrTooLongIsAnErrorOnEveryPath()
    {
        ByteArrayOutputStream runs = new ByteArrayOutputStream();
        writeRepeated(runs, 3, 8, 4);
        // a second header whose last byte says more follows, where the data ends; and one of seven bytes
        byte[] cut = Arrays.copyOf(runs.toByteArray(), runs.size() + 1);
        cut[cut.length - 1] = (byte) 0x81;
        byte[] tooLong = Arrays.copyOf(runs.toByteArray(), runs.size() + 7);
        Arrays.fill(tooLong, runs.size(), runs.size() + 6, (byte) 0x80);
        for (byte[] bytes : new byte[][] {cut, tooLong}) {
            MemorySegment data = MemorySegment.ofArray(bytes);
            HybridDecoder decoder = new HybridDecoder();
            assertRunHeaderError(() -> decoder.decode(data, 0, bytes.length, 4, 16, new int[16]));
            assertRunHeaderError(() -> decoder.decodeAt(data, 0, bytes.length, 4, 16, new int[] {12}, 0, 1, 0, new int[16]));
            assertRunHeaderError(() -> decoder.keep(data, 0, bytes.length, 4, 16, new boolean[17], 0, new int[16], 0));
            assertRunHeaderError(() -> decoder.lookUp(data, 0, bytes.length, 4, 16, new long[16], new long[16]));
            assertRunHeaderError(() -> decoder.lookUp(data, 0, bytes.length, 4, 16, new int[16], new int[16]));
        }
    }

    @Test
    void aRepeatedValueWiderThanTheBitWidthIsAnErrorOnEveryPath()
    {
        // one byte holds a 1-bit value: 5 does not fit, so no code of a 2-entry dictionary may come of it
        ByteArrayOutputStream runs = new ByteArrayOutputStream();
        writeRepeated(runs, 5, 8, 1);
        byte[] bytes = runs.toByteArray();
        MemorySegment data = MemorySegment.ofArray(bytes);
        HybridDecoder decoder = new HybridDecoder();
        for (Executable decoding : List.<Executable>of(
                () -> decoder.decode(data, 0, bytes.length, 1, 8, new int[8]),
                () -> decoder.decodeAt(data, 0, bytes.length, 1, 8, new int[] {3}, 0, 1, 0, new int[8]),
                () -> decoder.keep(data, 0, bytes.length, 1, 8, new boolean[3], 0, new int[8], 0),
                () -> decoder.lookUp(data, 0, bytes.length, 1, 8, new long[2], new long[8]),
                () -> decoder.lookUp(data, 0, bytes.length, 1, 8, new int[2], new int[8]))) {
            assertEquals("RLE run's value 5 is wider than its 1 bits", assertThrows(IllegalArgumentException.class, decoding).getMessage());
        }
    }

    private static void assertRunHeaderError(Executable decoding)
    {
        assertEquals("RLE run header runs past its data", assertThrows(IllegalArgumentException.class, decoding).getMessage());
    }

    private static int[] decode(byte[] runs, int bitWidth, int count)
    {
        int[] values = new int[count];
        // a few bytes before and after the runs, as in a page
        byte[] page = new byte[runs.length + 6];
        System.arraycopy(runs, 0, page, 3, runs.length);
        new HybridDecoder().decode(MemorySegment.ofArray(page), 3, 3 + runs.length, bitWidth, count, values);
        return values;
    }

    private static int[] randomValues(SplittableRandom random, int bitWidth, int count)
    {
        int[] values = new int[count];
        for (int i = 0; i < count; i++) {
            values[i] = bitWidth == 0 ? 0 : (int) (random.nextLong() >>> (64 - bitWidth));
        }
        return values;
    }

    /** Writes {@code count} random codes below {@code entries} as a random mix of repeated and packed runs; returns the codes. */
    private static int[] writeRandomRuns(SplittableRandom random, ByteArrayOutputStream runs, int count, int entries, int bitWidth)
    {
        int[] codes = new int[0];
        while (codes.length < count) {
            int from = codes.length;
            boolean repeated = random.nextInt(3) == 0;
            // a packed run holds groups of eight, but for the last, which may end early
            int length = Math.min(count - from, repeated ? 1 + random.nextInt(90) : 8 * (1 + random.nextInt(11)));
            codes = Arrays.copyOf(codes, from + length);
            if (repeated) {
                Arrays.fill(codes, from, from + length, random.nextInt(entries));
                writeRepeated(runs, codes[from], length, bitWidth);
            }
            else {
                for (int i = from; i < from + length; i++) {
                    codes[i] = random.nextInt(entries);
                }
                writePacked(runs, codes, from, length, bitWidth);
            }
        }
        return codes;
    }

    private static void writeRepeated(ByteArrayOutputStream out, int value, int length, int bitWidth)
    {
        writeVarint(out, (long) length << 1);
        for (int b = 0; b < (bitWidth + 7) / 8; b++) {
            out.write(value >>> (8 * b));
        }
    }

    /** Values in groups of eight, least significant bit first; the last group padded with zeros. */
    private static void writePacked(ByteArrayOutputStream out, int[] values, int from, int count, int bitWidth)
    {
        int groups = (count + 7) / 8;
        writeVarint(out, ((long) groups << 1) | 1);
        byte[] packed = new byte[groups * bitWidth];
        long bit = 0;
        for (int i = 0; i < groups * 8; i++, bit += bitWidth) {
            long value = i < count ? values[from + i] & 0xffff_ffffL : 0;
            for (int b = 0; b < bitWidth; b++) {
                if ((value >>> b & 1) != 0) {
                    packed[(int) ((bit + b) >>> 3)] |= (byte) (1 << ((bit + b) & 7));
                }
            }
        }
        out.write(packed, 0, packed.length);
    }

    private static void writeVarint(ByteArrayOutputStream out, long value)
    {
        while ((value & ~0x7fL) != 0) {
            out.write((int) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }
}
