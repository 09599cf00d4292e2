package io.signo.storage.db;

import io.signo.storage.db.encoding.ColumnChunkCodec;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.vector.ColumnVector;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * One immutable segment file of a table, read through its mapping: a header, the encoded column
 * chunks block after block, and a footer with where each chunk lies, its checksum and the min, max
 * and nulls of each block and of the whole file (the file's with distinct-value sketches). Chunks
 * are checked against their checksum when decoded, so a damaged byte is an error naming the file,
 * never a wrong answer.
 */
final class SegmentFile
{
    static final int BLOCK_ROWS = 8192;
    private static final int MAGIC = 0x53474e53; // "SGNS"
    private static final int FOOTER_MAGIC = 0x53474e46; // "SGNF"
    private static final int FORMAT_VERSION = 1;
    private static final int TRAILER_BYTES = 12;

    private final long fileId;
    private final String name;
    private final MemorySegment data;
    private final List<Column> columns;
    private final int[] blockRows;
    private final int[] blockFirstRows;
    /** [block][column * 3 + 0..2]: offset, length, checksum. */
    private final long[][] chunks;
    private final ColumnStatistics[][] blockStatistics;
    private final ColumnStatistics[] fileStatistics;
    private final int rowCount;
    /** A bit per chunk (block * columns + column) whose checksum matched once. */
    private final long[] checked;

    private SegmentFile(long fileId, String name, MemorySegment data, List<Column> columns, int[] blockRows, long[][] chunks, ColumnStatistics[][] blockStatistics, ColumnStatistics[] fileStatistics)
    {
        this.fileId = fileId;
        this.name = name;
        this.data = data;
        this.columns = columns;
        this.blockRows = blockRows;
        this.chunks = chunks;
        this.blockStatistics = blockStatistics;
        this.fileStatistics = fileStatistics;
        this.blockFirstRows = new int[blockRows.length];
        int rows = 0;
        for (int b = 0; b < blockRows.length; b++) {
            blockFirstRows[b] = rows;
            rows += blockRows[b];
        }
        this.rowCount = rows;
        this.checked = new long[(blockRows.length * columns.size() + 63) / 64];
    }

    static byte[] header()
    {
        return ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN).putInt(MAGIC).putInt(FORMAT_VERSION).array();
    }

    static byte[] trailer(byte[] footer)
    {
        CRC32C crc = new CRC32C();
        crc.update(footer);
        return ByteBuffer.allocate(footer.length + TRAILER_BYTES).order(ByteOrder.BIG_ENDIAN)
                .put(footer).putInt(footer.length).putInt((int) crc.getValue()).putInt(FOOTER_MAGIC).array();
    }

    /**
     * Reads the footer of a file of a table with {@code columns}.
     *
     * @param name how errors name the file (its path)
     * @throws SignoException CORRUPT_DATA naming the file when the footer is damaged or does not fit the table
     */
    static SegmentFile open(long fileId, String name, MemorySegment data, List<Column> columns)
    {
        long size = data.byteSize();
        if (size < 8 + TRAILER_BYTES || data.get(BIG_INT, 0) != MAGIC) {
            throw corrupt(name, "not a Signo segment file");
        }
        if (data.get(BIG_INT, 4) != FORMAT_VERSION) {
            throw corrupt(name, "segment format " + data.get(BIG_INT, 4) + " is not supported");
        }
        if (data.get(BIG_INT, size - 4) != FOOTER_MAGIC) {
            throw corrupt(name, "the file is truncated (no footer)");
        }
        int footerLength = data.get(BIG_INT, size - 12);
        int footerChecksum = data.get(BIG_INT, size - 8);
        if (footerLength < 0 || footerLength > size - 8 - TRAILER_BYTES) {
            throw corrupt(name, "footer length " + footerLength + " does not fit the file");
        }
        byte[] footer = data.asSlice(size - TRAILER_BYTES - footerLength, footerLength).toArray(ValueLayout.JAVA_BYTE);
        CRC32C crc = new CRC32C();
        crc.update(footer);
        if ((int) crc.getValue() != footerChecksum) {
            throw corrupt(name, "footer checksum does not match");
        }
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(footer));
            int columnCount = in.readInt();
            if (columnCount != columns.size()) {
                throw corrupt(name, "file has " + columnCount + " columns, the table " + columns.size());
            }
            for (Column column : columns) {
                String kind = in.readUTF();
                if (!kind.equals(column.type().kind().name())) {
                    throw corrupt(name, "column " + column.name() + " is " + kind + " in the file, " + column.type().kind() + " in the table");
                }
            }
            int blockCount = in.readInt();
            if (blockCount < 0 || blockCount > footerLength) {
                throw corrupt(name, "footer states " + blockCount + " blocks");
            }
            int[] blockRows = new int[blockCount];
            long[][] chunks = new long[blockCount][columnCount * 3];
            ColumnStatistics[][] blockStatistics = new ColumnStatistics[blockCount][columnCount];
            long dataEnd = size - TRAILER_BYTES - footerLength;
            for (int b = 0; b < blockCount; b++) {
                blockRows[b] = in.readInt();
                if (blockRows[b] < 0 || blockRows[b] > BLOCK_ROWS) {
                    throw corrupt(name, "block " + b + " states " + blockRows[b] + " rows");
                }
                for (int c = 0; c < columnCount; c++) {
                    long offset = in.readLong();
                    int length = in.readInt();
                    if (offset < 8 || length < 0 || offset + length > dataEnd) {
                        throw corrupt(name, "chunk of block " + b + ", column " + columns.get(c).name() + " lies outside the file");
                    }
                    chunks[b][c * 3] = offset;
                    chunks[b][c * 3 + 1] = length;
                    chunks[b][c * 3 + 2] = in.readInt();
                    blockStatistics[b][c] = StatisticsFormat.read(in);
                }
            }
            ColumnStatistics[] fileStatistics = new ColumnStatistics[columnCount];
            for (int c = 0; c < columnCount; c++) {
                fileStatistics[c] = StatisticsFormat.read(in);
            }
            return new SegmentFile(fileId, name, data, columns, blockRows, chunks, blockStatistics, fileStatistics);
        }
        catch (IOException | IllegalArgumentException e) {
            throw corrupt(name, "footer is damaged: " + e.getMessage());
        }
    }

    private static final ValueLayout.OfInt BIG_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private static SignoException corrupt(String name, String problem)
    {
        return new SignoException(ErrorCode.CORRUPT_DATA, "segment file " + name + " is damaged: " + problem);
    }

    long fileId()
    {
        return fileId;
    }

    int rowCount()
    {
        return rowCount;
    }

    int blockCount()
    {
        return blockRows.length;
    }

    int blockRows(int block)
    {
        return blockRows[block];
    }

    int blockFirstRow(int block)
    {
        return blockFirstRows[block];
    }

    ColumnStatistics[] blockStatistics(int block)
    {
        return blockStatistics[block];
    }

    /** The statistics of every row the file was written with, with distinct-value sketches. */
    ColumnStatistics[] fileStatistics()
    {
        return fileStatistics;
    }

    List<Column> columns()
    {
        return columns;
    }

    /** Decodes one column of one block after checking the chunk's checksum. */
    ColumnVector decode(int block, int column, PageAllocator allocator)
    {
        return decode(block, column, chunk(block, column), allocator);
    }

    /**
     * The encoded chunk of one column of one block, its checksum checked the first time the process
     * reads it. Files never change once written, and a damaged chunk is never marked checked, so it
     * fails every read.
     */
    MemorySegment chunk(int block, int column)
    {
        long offset = chunks[block][column * 3];
        long length = chunks[block][column * 3 + 1];
        MemorySegment chunk = data.asSlice(offset, length);
        int index = block * columns.size() + column;
        if ((checked[index >>> 6] & (1L << index)) != 0) {
            return chunk;
        }
        int checksum = (int) chunks[block][column * 3 + 2];
        CRC32C crc = new CRC32C();
        crc.update(chunk.asByteBuffer());
        if ((int) crc.getValue() != checksum) {
            throw corrupt(name, "checksum of block " + block + ", column " + columns.get(column).name() + " does not match");
        }
        // a racing reader may lose this bit to another's update of the same word: it then checks the chunk again
        checked[index >>> 6] |= 1L << index;
        return chunk;
    }

    /** Decodes a chunk from {@link #chunk}. */
    ColumnVector decode(int block, int column, MemorySegment chunk, PageAllocator allocator)
    {
        try {
            return ColumnChunkCodec.decode(columns.get(column).type(), blockRows[block], chunk, allocator);
        }
        catch (SignoException e) {
            throw corrupt(name, "block " + block + ", column " + columns.get(column).name() + ": " + e.getMessage());
        }
    }

    /** The values at some positions of a chunk from {@link #chunk} ({@link ColumnChunkCodec#decodePositions}); null when it must be decoded whole. */
    ColumnVector decodePositions(int block, int column, MemorySegment chunk, int[] positions, int count, PageAllocator allocator)
    {
        try {
            return ColumnChunkCodec.decodePositions(columns.get(column).type(), blockRows[block], chunk, positions, count, allocator);
        }
        catch (SignoException e) {
            throw corrupt(name, "block " + block + ", column " + columns.get(column).name() + ": " + e.getMessage());
        }
    }

    /** A chunk from {@link #chunk} as dictionary entries and codes ({@link ColumnChunkCodec#entries}); null when not stored so. */
    ColumnVector entries(int block, int column, MemorySegment chunk, PageAllocator allocator, int[] codes)
    {
        try {
            return ColumnChunkCodec.entries(columns.get(column).type(), blockRows[block], chunk, allocator, codes);
        }
        catch (SignoException e) {
            throw corrupt(name, "block " + block + ", column " + columns.get(column).name() + ": " + e.getMessage());
        }
    }
}
