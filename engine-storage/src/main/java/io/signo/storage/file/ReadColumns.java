package io.signo.storage.file;

import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.util.function.IntFunction;

/** The page a file split's read returns: its columns in the order the scan asked, each built once when asked twice. */
public final class ReadColumns
{
    private ReadColumns() {}

    /**
     * @param read the table columns the scan asked for, in its order
     * @param build the vector of a table column, called once per distinct column
     */
    public static Page page(int rows, int[] read, int columnCount, IntFunction<ColumnVector> build)
    {
        ColumnVector[] built = new ColumnVector[columnCount];
        ColumnVector[] vectors = new ColumnVector[read.length];
        for (int i = 0; i < read.length; i++) {
            int column = read[i];
            if (built[column] == null) {
                built[column] = build.apply(column);
            }
            vectors[i] = built[column];
        }
        return new Page(rows, vectors);
    }
}
