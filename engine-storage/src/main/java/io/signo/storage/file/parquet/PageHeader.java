package io.signo.storage.file.parquet;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The header in front of every page of a Parquet column chunk, read from its Thrift compact
 * encoding: what kind of page follows, its sizes, and how its values and levels are encoded. Only
 * the fields a flat column's decoding needs are kept; the rest (statistics, checksums) is skipped.
 *
 * @param headerLength bytes the header itself takes, so that the page body starts right after it
 * @param definitionLevelsLength bytes of definition levels ahead of the values (version 2 pages only)
 * @param repetitionLevelsLength bytes of repetition levels ahead of them (version 2 pages only)
 * @param compressed whether a version 2 page's values are compressed (version 1 pages always are, by the chunk's codec)
 */
record PageHeader(
        int type,
        int uncompressedSize,
        int compressedSize,
        int headerLength,
        int valueCount,
        int encoding,
        int definitionLevelEncoding,
        int definitionLevelsLength,
        int repetitionLevelsLength,
        boolean compressed)
{
    static final int DATA_PAGE = 0;
    static final int DICTIONARY_PAGE = 2;
    static final int DATA_PAGE_V2 = 3;

    private static final int STOP = 0;
    private static final int TRUE = 1;
    private static final int FALSE = 2;
    private static final int BYTE = 3;
    private static final int I16 = 4;
    private static final int I32 = 5;
    private static final int I64 = 6;
    private static final int DOUBLE = 7;
    private static final int BINARY = 8;
    private static final int LIST = 9;
    private static final int SET = 10;
    private static final int MAP = 11;
    private static final int STRUCT = 12;
    /** A header nests a few structs deep; a file that nests deeper is damaged or hostile. */
    private static final int MAX_DEPTH = 16;

    /** The header at {@code offset}; throws {@link IllegalArgumentException} when it runs past {@code limit} or is not a header. */
    static PageHeader read(MemorySegment data, long offset, long limit)
    {
        Reader reader = new Reader(data, offset, limit);
        Builder header = new Builder();
        reader.readStruct(header::pageHeaderField, 0);
        if (header.uncompressedSize < 0 || header.compressedSize < 0 || header.valueCount < 0 || header.definitionLevelsLength < 0 || header.repetitionLevelsLength < 0) {
            throw new IllegalArgumentException("a page header with a negative size or count");
        }
        return new PageHeader(header.type, header.uncompressedSize, header.compressedSize, (int) (reader.position - offset), header.valueCount, header.encoding,
                header.definitionLevelEncoding, header.definitionLevelsLength, header.repetitionLevelsLength, header.compressed);
    }

    private interface FieldReader
    {
        /** Reads field {@code id} of wire type {@code type}, or skips it. */
        void read(Reader reader, int id, int type, int depth);
    }

    private static final class Builder
    {
        int type = -1;
        int uncompressedSize = -1;
        int compressedSize = -1;
        int valueCount;
        int encoding;
        int definitionLevelEncoding;
        int definitionLevelsLength;
        int repetitionLevelsLength;
        boolean compressed = true;

        void pageHeaderField(Reader reader, int id, int type, int depth)
        {
            switch (id) {
                case 1 -> this.type = reader.readInt(type);
                case 2 -> uncompressedSize = reader.readInt(type);
                case 3 -> compressedSize = reader.readInt(type);
                case 5 -> reader.readStruct(this::dataPageField, depth + 1);
                case 7 -> reader.readStruct(this::dictionaryPageField, depth + 1);
                case 8 -> reader.readStruct(this::dataPageV2Field, depth + 1);
                default -> reader.skip(type, depth);
            }
        }

        void dataPageField(Reader reader, int id, int type, int depth)
        {
            switch (id) {
                case 1 -> valueCount = reader.readInt(type);
                case 2 -> encoding = reader.readInt(type);
                case 3 -> definitionLevelEncoding = reader.readInt(type);
                default -> reader.skip(type, depth);
            }
        }

        void dictionaryPageField(Reader reader, int id, int type, int depth)
        {
            switch (id) {
                case 1 -> valueCount = reader.readInt(type);
                case 2 -> encoding = reader.readInt(type);
                default -> reader.skip(type, depth);
            }
        }

        void dataPageV2Field(Reader reader, int id, int type, int depth)
        {
            switch (id) {
                case 1 -> valueCount = reader.readInt(type);
                case 4 -> encoding = reader.readInt(type);
                case 5 -> definitionLevelsLength = reader.readInt(type);
                case 6 -> repetitionLevelsLength = reader.readInt(type);
                case 7 -> {
                    if (type != TRUE && type != FALSE) {
                        throw new IllegalArgumentException("page header field is_compressed is not a boolean");
                    }
                    compressed = type == TRUE;
                }
                default -> reader.skip(type, depth);
            }
        }
    }

    /** Thrift's compact protocol over a bounded range of bytes. */
    private static final class Reader
    {
        private final MemorySegment data;
        private final long limit;
        private long position;

        Reader(MemorySegment data, long position, long limit)
        {
            this.data = data;
            this.position = position;
            this.limit = Math.min(limit, data.byteSize());
        }

        void readStruct(FieldReader fields, int depth)
        {
            if (depth > MAX_DEPTH) {
                throw new IllegalArgumentException("a page header nested more than " + MAX_DEPTH + " deep");
            }
            int lastId = 0;
            while (true) {
                int header = readByte() & 0xff;
                int type = header & 0x0f;
                if (type == STOP) {
                    return;
                }
                int delta = header >>> 4;
                int id = delta != 0 ? lastId + delta : (short) zigzag(readVarint());
                fields.read(this, id, type, depth);
                lastId = id;
            }
        }

        int readInt(int type)
        {
            if (type != I32 && type != I16 && type != BYTE) {
                throw new IllegalArgumentException("page header field of wire type " + type + " where an integer belongs");
            }
            long value = type == BYTE ? readByte() : zigzag(readVarint());
            if (value != (int) value) {
                throw new IllegalArgumentException("page header integer " + value + " out of range");
            }
            return (int) value;
        }

        void skip(int type, int depth)
        {
            switch (type) {
                case TRUE, FALSE -> {
                }
                case BYTE -> advance(1);
                case I16, I32, I64 -> readVarint();
                case DOUBLE -> advance(8);
                case BINARY -> advance(length(readVarint()));
                case LIST, SET -> {
                    int header = readByte() & 0xff;
                    long size = header >>> 4 == 15 ? length(readVarint()) : header >>> 4;
                    int elementType = header & 0x0f;
                    for (long i = 0; i < size; i++) {
                        // booleans inside a list take a byte each
                        skip(elementType == TRUE || elementType == FALSE ? BYTE : elementType, depth + 1);
                    }
                }
                case MAP -> {
                    long size = length(readVarint());
                    if (size > 0) {
                        int types = readByte() & 0xff;
                        for (long i = 0; i < size; i++) {
                            skip(types >>> 4, depth + 1);
                            skip(types & 0x0f, depth + 1);
                        }
                    }
                }
                case STRUCT -> readStruct((reader, id, fieldType, fieldDepth) -> reader.skip(fieldType, fieldDepth), depth + 1);
                default -> throw new IllegalArgumentException("page header holds unknown wire type " + type);
            }
        }

        private long length(long value)
        {
            if (value < 0 || value > limit - position) {
                throw new IllegalArgumentException("page header length " + value + " runs past the column chunk");
            }
            return value;
        }

        private void advance(long bytes)
        {
            if (bytes > limit - position) {
                throw new IllegalArgumentException("page header runs past the column chunk");
            }
            position += bytes;
        }

        private byte readByte()
        {
            if (position >= limit) {
                throw new IllegalArgumentException("page header runs past the column chunk");
            }
            return data.get(ValueLayout.JAVA_BYTE, position++);
        }

        private long readVarint()
        {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte next = readByte();
                value |= (long) (next & 0x7f) << shift;
                if (next >= 0) {
                    return value;
                }
            }
            throw new IllegalArgumentException("page header varint longer than 10 bytes");
        }

        private static long zigzag(long value)
        {
            return (value >>> 1) ^ -(value & 1);
        }
    }
}
