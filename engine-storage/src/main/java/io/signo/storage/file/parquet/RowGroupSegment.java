package io.signo.storage.file.parquet;

import dev.hardwood.InputFile;
import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.RowGroup;
import dev.hardwood.reader.ColumnReader;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.reader.RowGroupPredicate;
import dev.hardwood.reader.Validity;
import dev.hardwood.schema.ColumnProjection;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.file.ReadColumns;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Segment;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One row group of a Parquet file, the unit drivers and workers share: read when a scan asks,
 * only the columns it reads, decoded by Hardwood and copied once into the engine's vectors. Its
 * min, max and null counts (from the file's footer) let scans skip it.
 */
final class RowGroupSegment
        implements Segment
{
    private final Path file;
    private final int rowGroup;
    /** Where the row group lies in the file: Hardwood picks row groups by the middle of their bytes. */
    private final long middle;
    private final int rowCount;
    private final List<Column> columns;
    private final ColumnStatistics[] statistics;

    private RowGroupSegment(Path file, List<Column> columns)
    {
        this.file = file;
        this.rowGroup = -1;
        this.middle = 0;
        this.rowCount = 0;
        this.columns = columns;
        this.statistics = null;
    }

    /** A file without row groups: no rows, but the file stays part of the table. */
    static RowGroupSegment emptyFile(Path file, List<Column> columns)
    {
        return new RowGroupSegment(file, columns);
    }

    RowGroupSegment(Path file, int rowGroup, RowGroup metadata, List<Column> columns, ColumnStatistics[] statistics)
    {
        this.file = file;
        this.rowGroup = rowGroup;
        this.columns = columns;
        this.statistics = statistics;
        if (metadata.numRows() > Integer.MAX_VALUE) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "cannot read " + file + ": row group " + rowGroup + " has more than " + Integer.MAX_VALUE + " rows");
        }
        this.rowCount = (int) metadata.numRows();
        long compressed = 0;
        for (ColumnChunk chunk : metadata.columns()) {
            compressed += chunk.metaData().totalCompressedSize();
        }
        this.middle = metadata.columns().isEmpty() ? 0 : metadata.columns().getFirst().chunkStartOffset() + compressed / 2;
    }

    Path file()
    {
        return file;
    }

    @Override
    public int rowCount()
    {
        return rowCount;
    }

    @Override
    public ColumnStatistics[] columnStatistics()
    {
        return statistics;
    }

    @Override
    public int columnCount()
    {
        return columns.size();
    }

    @Override
    public long retainedBytes()
    {
        return 0;
    }

    @Override
    public Page read(int[] read)
    {
        if (read.length == 0 || rowCount == 0) {
            ColumnVector[] empty = new ColumnVector[read.length];
            for (int i = 0; i < read.length; i++) {
                empty[i] = ColumnVectors.empty(columns.get(read[i]).type());
            }
            return new Page(rowCount, empty);
        }
        Set<String> names = new LinkedHashSet<>();
        for (int column : read) {
            names.add(columns.get(column).name());
        }
        ColumnVectors[] vectors = new ColumnVectors[columns.size()];
        for (int column : read) {
            vectors[column] = new ColumnVectors(columns.get(column).type(), rowCount);
        }
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file), ParquetTable.context());
                ColumnReaders batches = reader.buildColumnReaders(ColumnProjection.columns(names.toArray(String[]::new)))
                        .filter(RowGroupPredicate.byteRange(middle, middle + 1))
                        .batchSize(Math.max(rowCount, 1))
                        .build()) {
            int position = 0;
            while (batches.nextBatch()) {
                int count = batches.getRecordCount();
                if (position + count > rowCount) {
                    throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": row group " + rowGroup + " holds more rows than its footer says (" + rowCount + ")");
                }
                for (int column = 0; column < vectors.length; column++) {
                    if (vectors[column] != null) {
                        vectors[column].append(batches.getColumnReader(columns.get(column).name()), position, count);
                    }
                }
                position += count;
            }
            if (position != rowCount) {
                throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": row group " + rowGroup + " holds " + position + " rows, its footer says " + rowCount);
            }
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": " + e.getMessage(), e);
        }
        catch (SignoException e) {
            throw e;
        }
        catch (RuntimeException e) {
            // Hardwood reports a damaged page or a missing codec from its own threads, wrapped
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read row group " + rowGroup + " of " + file + ": " + rootMessage(e), e);
        }
        return ReadColumns.page(rowCount, read, vectors.length, column -> vectors[column].build());
    }

    private static String rootMessage(Throwable failure)
    {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() == null ? cause.toString() : cause.getMessage();
    }

    /** One column's values as Hardwood hands them over batch by batch, copied into native memory. */
    private static final class ColumnVectors
    {
        private final Type type;
        private final int rowCount;
        private final PageAllocator allocator = PageAllocator.transientPages();
        private MemorySegment values;
        private MemorySegment offsets;
        private MemorySegment nulls;
        private int byteCount;

        ColumnVectors(Type type, int rowCount)
        {
            this.type = type;
            this.rowCount = rowCount;
            if (type.physicalType() == PhysicalType.BYTES) {
                offsets = allocator.allocate((long) (rowCount + 1) * Integer.BYTES);
                values = allocator.allocate(Math.max(16, (long) rowCount * 8));
            }
            else {
                values = allocator.allocate((long) rowCount * type.physicalType().fixedWidth());
            }
        }

        static ColumnVector empty(Type type)
        {
            PageAllocator allocator = PageAllocator.transientPages();
            return new ColumnVector(type, 0, allocator.allocate(8), type.physicalType() == PhysicalType.BYTES ? allocator.allocate(Integer.BYTES) : null, null);
        }

        void append(ColumnReader reader, int position, int count)
        {
            switch (type.kind()) {
                case BOOLEAN -> {
                    boolean[] booleans = reader.getBooleans();
                    for (int i = 0; i < count; i++) {
                        values.set(ValueLayout.JAVA_BYTE, position + i, booleans[i] ? (byte) 1 : 0);
                    }
                }
                case INTEGER -> MemorySegment.copy(reader.getInts(), 0, values, ValueLayout.JAVA_INT_UNALIGNED, (long) position * Integer.BYTES, count);
                case DATE -> MemorySegment.copy(reader.getInts(), 0, values, ValueLayout.JAVA_INT_UNALIGNED, (long) position * Integer.BYTES, count);
                case BIGINT -> appendLongs(reader, position, count);
                case DECIMAL -> appendDecimals(reader, position, count);
                case DOUBLE -> {
                    if (reader.getColumnSchema().type() == dev.hardwood.metadata.PhysicalType.FLOAT) {
                        float[] floats = reader.getFloats();
                        for (int i = 0; i < count; i++) {
                            values.setAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, position + i, floats[i]);
                        }
                    }
                    else {
                        MemorySegment.copy(reader.getDoubles(), 0, values, ValueLayout.JAVA_DOUBLE_UNALIGNED, (long) position * Double.BYTES, count);
                    }
                }
                case VARCHAR, CHAR -> appendStrings(reader, position, count);
            }
            Validity validity = reader.getLeafValidity();
            if (validity != null && validity.hasNulls()) {
                if (nulls == null) {
                    nulls = allocator.allocate((rowCount + 7L) / 8);
                }
                for (int i = validity.nextNull(0, count); i >= 0 && i < count; i = validity.nextNull(i + 1, count)) {
                    int row = position + i;
                    nulls.set(ValueLayout.JAVA_BYTE, row >>> 3, (byte) (nulls.get(ValueLayout.JAVA_BYTE, row >>> 3) | (1 << (row & 7))));
                }
            }
        }

        private void appendLongs(ColumnReader reader, int position, int count)
        {
            if (reader.getColumnSchema().type() == dev.hardwood.metadata.PhysicalType.INT32) {
                // unsigned INT32, widened
                int[] ints = reader.getInts();
                for (int i = 0; i < count; i++) {
                    values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, position + i, Integer.toUnsignedLong(ints[i]));
                }
                return;
            }
            MemorySegment.copy(reader.getLongs(), 0, values, ValueLayout.JAVA_LONG_UNALIGNED, (long) position * Long.BYTES, count);
        }

        /** Unscaled values: INT32 and INT64 as they are, fixed-length bytes as big-endian two's complement. */
        private void appendDecimals(ColumnReader reader, int position, int count)
        {
            switch (reader.getColumnSchema().type()) {
                case INT32 -> {
                    int[] ints = reader.getInts();
                    for (int i = 0; i < count; i++) {
                        values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, position + i, ints[i]);
                    }
                }
                case INT64 -> MemorySegment.copy(reader.getLongs(), 0, values, ValueLayout.JAVA_LONG_UNALIGNED, (long) position * Long.BYTES, count);
                default -> {
                    byte[] bytes = reader.getBinaryValues();
                    int[] starts = reader.getBinaryOffsets();
                    for (int i = 0; i < count; i++) {
                        long unscaled = 0;
                        int start = starts[i];
                        int end = starts[i + 1];
                        if (end > start) {
                            unscaled = bytes[start];
                            for (int b = start + 1; b < end; b++) {
                                unscaled = (unscaled << 8) | (bytes[b] & 0xff);
                            }
                        }
                        values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, position + i, unscaled);
                    }
                }
            }
        }

        private void appendStrings(ColumnReader reader, int position, int count)
        {
            byte[] bytes = reader.getBinaryValues();
            int[] starts = reader.getBinaryOffsets();
            int length = starts[count] - starts[0];
            if (byteCount + (long) length > values.byteSize()) {
                MemorySegment larger = allocator.allocate(Math.max(values.byteSize() * 2, byteCount + (long) length));
                MemorySegment.copy(values, 0, larger, 0, byteCount);
                values = larger;
            }
            MemorySegment.copy(bytes, starts[0], values, ValueLayout.JAVA_BYTE, byteCount, length);
            for (int i = 0; i < count; i++) {
                offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, position + i, byteCount + starts[i] - starts[0]);
            }
            byteCount += length;
            offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, position + count, byteCount);
        }

        ColumnVector build()
        {
            return new ColumnVector(type, rowCount, type.physicalType() == PhysicalType.BYTES ? values.asSlice(0, byteCount) : values, offsets, nulls);
        }
    }
}
