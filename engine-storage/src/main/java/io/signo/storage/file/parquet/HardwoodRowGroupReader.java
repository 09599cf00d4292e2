package io.signo.storage.file.parquet;

import dev.hardwood.InputFile;
import dev.hardwood.reader.ColumnReader;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.reader.RowGroupPredicate;
import dev.hardwood.reader.Validity;
import dev.hardwood.schema.ColumnProjection;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Column;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads columns of one row group through Hardwood's batch API and copies them into the engine's
 * vectors: the path for what {@link ColumnChunkDecoder} leaves alone (gzip and other codecs, delta
 * and byte-stream-split encodings).
 */
final class HardwoodRowGroupReader
{
    private HardwoodRowGroupReader() {}

    /**
     * @param middle a byte inside the row group: Hardwood picks row groups by byte range
     * @param outputs where each of {@code read}'s columns goes, by table column
     */
    static void read(Path file, int rowGroup, long middle, int rowCount, List<Column> columns, List<Integer> read, ColumnOutput[] outputs)
    {
        String[] names = read.stream().map(column -> columns.get(column).name()).toArray(String[]::new);
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file), ParquetTable.context());
                ColumnReaders batches = reader.buildColumnReaders(ColumnProjection.columns(names))
                        .filter(RowGroupPredicate.byteRange(middle, middle + 1))
                        .batchSize(Math.max(rowCount, 1))
                        .build()) {
            int position = 0;
            while (batches.nextBatch()) {
                int count = batches.getRecordCount();
                if (position + count > rowCount) {
                    throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": row group " + rowGroup + " holds more rows than its footer says (" + rowCount + ")");
                }
                for (int column : read) {
                    append(batches.getColumnReader(columns.get(column).name()), outputs[column], position, count);
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
    }

    private static void append(ColumnReader reader, ColumnOutput output, int position, int count)
    {
        MemorySegment values = output.values();
        switch (output.type().kind()) {
            case BOOLEAN -> {
                boolean[] booleans = reader.getBooleans();
                for (int i = 0; i < count; i++) {
                    values.set(ValueLayout.JAVA_BYTE, position + i, booleans[i] ? (byte) 1 : 0);
                }
            }
            case INTEGER, DATE -> MemorySegment.copy(reader.getInts(), 0, values, ValueLayout.JAVA_INT_UNALIGNED, (long) position * Integer.BYTES, count);
            case BIGINT -> appendLongs(reader, values, position, count);
            case DECIMAL -> {
                if (output.type().isLongDecimal()) {
                    appendLongDecimals(reader, values, position, count);
                }
                else {
                    appendDecimals(reader, values, position, count);
                }
            }
            case TIMESTAMP -> appendTimestamps(reader, values, position, count);
            case DOUBLE, REAL -> {
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
            case VARCHAR, CHAR -> appendStrings(reader, output, position, count);
        }
        Validity validity = reader.getLeafValidity();
        if (validity != null && validity.hasNulls()) {
            for (int i = validity.nextNull(0, count); i >= 0 && i < count; i = validity.nextNull(i + 1, count)) {
                output.setNull(position + i);
            }
        }
    }

    private static void appendLongs(ColumnReader reader, MemorySegment values, int position, int count)
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

    private static void appendTimestamps(ColumnReader reader, MemorySegment values, int position, int count)
    {
        if (reader.getColumnSchema().type() == dev.hardwood.metadata.PhysicalType.INT96) {
            byte[] bytes = reader.getBinaryValues();
            int[] starts = reader.getBinaryOffsets();
            MemorySegment heap = MemorySegment.ofArray(bytes);
            for (int i = 0; i < count; i++) {
                // a NULL row has no bytes
                long micros = starts[i + 1] - starts[i] == 12 ? ParquetTimestamps.int96ToMicros(heap, starts[i]) : 0;
                values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, position + i, micros);
            }
            return;
        }
        MemorySegment.copy(reader.getLongs(), 0, values, ValueLayout.JAVA_LONG_UNALIGNED, (long) position * Long.BYTES, count);
        ParquetTimestamps.toMicros(values, position, count, reader.getColumnSchema());
    }

    /** Unscaled values: INT32 and INT64 as they are, fixed-length bytes as big-endian two's complement. */
    private static void appendDecimals(ColumnReader reader, MemorySegment values, int position, int count)
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
                    values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, position + i, BigEndianDecimals.unscaled(bytes, starts[i], starts[i + 1] - starts[i]));
                }
            }
        }
    }

    /** Fixed-length bytes of a long DECIMAL as its two words; a NULL row has no bytes and reads as 0. */
    private static void appendLongDecimals(ColumnReader reader, MemorySegment values, int position, int count)
    {
        MemorySegment bytes = MemorySegment.ofArray(reader.getBinaryValues());
        int[] starts = reader.getBinaryOffsets();
        for (int i = 0; i < count; i++) {
            int length = starts[i + 1] - starts[i];
            long index = 2L * (position + i);
            values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index, BigEndianDecimals.low(bytes, starts[i], length));
            values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, index + 1, BigEndianDecimals.high(bytes, starts[i], length));
        }
    }

    private static void appendStrings(ColumnReader reader, ColumnOutput output, int position, int count)
    {
        byte[] bytes = reader.getBinaryValues();
        int[] starts = reader.getBinaryOffsets();
        int shift = output.byteCount() - starts[0];
        for (int i = 0; i < count; i++) {
            output.offsets().setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, position + i, shift + starts[i]);
        }
        output.appendBytes(bytes, starts[0], starts[count] - starts[0]);
        output.endStrings(position + count);
    }
}
