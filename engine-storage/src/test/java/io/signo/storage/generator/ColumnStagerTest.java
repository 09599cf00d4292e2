package io.signo.storage.generator;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ColumnStagerTest
{
    /** Values appended past the capacity after the last NULL: the null bitmap covers them, unset. */
    @Test
    void growsPastItsCapacityAfterANull()
    {
        for (Type type : new Type[] {Type.BIGINT, Type.INTEGER, Type.varchar(10)}) {
            ColumnStager stager = new ColumnStager(type, 2);
            stager.appendNull();
            for (int i = 1; i < 1000; i++) {
                switch (type.physicalType()) {
                    case LONG -> stager.appendLong(i);
                    case INT -> stager.appendInt(i);
                    default -> stager.appendString("v" + i);
                }
            }
            ColumnVector vector = stager.seal(PageAllocator.transientPages(), new ColumnStatistics[1], 0);
            assertEquals(1000, vector.positionCount(), type.toString());
            assertTrue(vector.isNull(0), type.toString());
            for (int i = 1; i < 1000; i++) {
                assertFalse(vector.isNull(i), type + " at " + i);
            }
            assertEquals(type.physicalType() == io.signo.storage.type.PhysicalType.BYTES ? "v999" : "999", String.valueOf(vector.getObject(999)), type.toString());
        }
    }
}
