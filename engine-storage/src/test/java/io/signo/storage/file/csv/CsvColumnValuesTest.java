package io.signo.storage.file.csv;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A split's values gathered on the heap come out as the vector of the values and NULLs appended, split after split. */
class CsvColumnValuesTest
{
    @Test
    void nullsAtEveryPositionOfTheBitmapBytesAndValuesBetweenThem()
    {
        CsvColumnValues values = new CsvColumnValues();
        // the same arrays for a split with NULLs, then one without, then one of NULLs only: no bit is left over
        for (int split = 0; split < 3; split++) {
            values.reset(Type.BIGINT, 4);
            int rows = 70;
            for (int row = 0; row < rows; row++) {
                if (isNull(split, row)) {
                    values.appendNull();
                }
                else {
                    values.appendLong(row * 1000L - 7);
                }
            }
            ColumnVector vector = values.build(PageAllocator.transientPages());
            assertEquals(rows, vector.positionCount());
            for (int row = 0; row < rows; row++) {
                assertEquals(isNull(split, row), vector.isNull(row), "split " + split + ", row " + row);
                if (!isNull(split, row)) {
                    assertEquals(row * 1000L - 7, vector.getLong(row));
                }
            }
        }
    }

    private static boolean isNull(int split, int row)
    {
        return switch (split) {
            case 0 -> row == 0 || row == 7 || row == 8 || row == 9 || row == 15 || row == 16 || row == 17 || row == 40 || row == 69;
            case 1 -> false;
            default -> true;
        };
    }

    @Test
    void stringsWithNullsAndEmptyStrings()
    {
        CsvColumnValues values = new CsvColumnValues();
        values.reset(Type.VARCHAR, 2);
        List<String> expected = new ArrayList<>();
        for (int row = 0; row < 50; row++) {
            String text = row % 5 == 3 ? null : row % 7 == 0 ? "" : "value é " + row;
            expected.add(text);
            if (text == null) {
                values.appendNull();
            }
            else {
                byte[] bytes = ("xx" + text).getBytes(StandardCharsets.UTF_8);
                values.appendBytes(bytes, 2, bytes.length - 2);
            }
        }
        ColumnVector vector = values.build(PageAllocator.transientPages());
        assertEquals(expected.size(), vector.positionCount());
        for (int row = 0; row < expected.size(); row++) {
            assertEquals(expected.get(row) == null, vector.isNull(row), "row " + row);
            if (expected.get(row) != null) {
                assertEquals(expected.get(row), vector.getString(row));
            }
        }
    }

    @Test
    void integersDatesDoublesBooleansAndLongDecimals()
    {
        CsvColumnValues integers = new CsvColumnValues();
        integers.reset(Type.DATE, 1);
        CsvColumnValues doubles = new CsvColumnValues();
        doubles.reset(Type.DOUBLE, 1);
        CsvColumnValues booleans = new CsvColumnValues();
        booleans.reset(Type.BOOLEAN, 1);
        CsvColumnValues decimals = new CsvColumnValues();
        decimals.reset(Type.decimal(38, 2), 1);
        for (int row = 0; row < 20; row++) {
            integers.appendInt(-row);
            doubles.appendDouble(row / 4.0);
            booleans.appendFlag((byte) (row % 2));
            decimals.appendInt128(row, -row);
        }
        integers.appendNull();
        ColumnVector ints = integers.build(PageAllocator.transientPages());
        ColumnVector doubleVector = doubles.build(PageAllocator.transientPages());
        ColumnVector booleanVector = booleans.build(PageAllocator.transientPages());
        ColumnVector decimalVector = decimals.build(PageAllocator.transientPages());
        assertEquals(21, ints.positionCount());
        assertTrue(ints.isNull(20));
        for (int row = 0; row < 20; row++) {
            assertFalse(ints.isNull(row));
            assertEquals(-row, ints.getInt(row));
            assertEquals(row / 4.0, doubleVector.getDouble(row));
            assertEquals(row % 2 == 1, booleanVector.getBoolean(row));
            assertEquals(-row, decimalVector.getInt128Low(row));
            assertEquals(row, decimalVector.getInt128High(row));
        }
    }
}
