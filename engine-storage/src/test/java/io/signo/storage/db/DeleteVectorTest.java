package io.signo.storage.db;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The deleted rows of a range are counted as testing each row would count them, whatever the range's alignment. */
class DeleteVectorTest
{
    @Test
    void countInCountsTheDeletedRowsOfAnyRange()
    {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 200; trial++) {
            int fileRows = 1 + random.nextInt(20_000);
            int deletedRows = random.nextInt(Math.min(fileRows, 3000) + 1);
            int[] rows = new int[deletedRows];
            for (int i = 0; i < deletedRows; i++) {
                rows[i] = random.nextInt(fileRows);
            }
            DeleteVector deletes = DeleteVector.NONE.with(rows, deletedRows);
            for (int range = 0; range < 20; range++) {
                int start = random.nextInt(fileRows + 1);
                int end = start + random.nextInt(fileRows - start + 1);
                assertEquals(countRowByRow(deletes, start, end), deletes.countIn(start, end), "rows [" + start + ", " + end + ") of " + fileRows);
            }
            assertEquals(deletes.count(), deletes.countIn(0, fileRows));
            assertEquals(0, deletes.countIn(fileRows, fileRows));
        }
    }

    @Test
    void rangesPastTheLastDeletedRowCountNothing()
    {
        DeleteVector deletes = DeleteVector.NONE.with(new int[] {0, 63, 64, 8191}, 4);
        assertEquals(4, deletes.countIn(0, 8192));
        assertEquals(2, deletes.countIn(0, 64));
        assertEquals(1, deletes.countIn(63, 64));
        assertEquals(2, deletes.countIn(63, 65));
        assertEquals(0, deletes.countIn(8192, 16384));
        assertEquals(0, DeleteVector.NONE.countIn(0, 8192));
    }

    private static int countRowByRow(DeleteVector deletes, int start, int end)
    {
        int deleted = 0;
        for (int row = start; row < end; row++) {
            deleted += deletes.isDeleted(row) ? 1 : 0;
        }
        return deleted;
    }
}
