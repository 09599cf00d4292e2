package io.signo.storage.file.csv;

import de.siegmar.fastcsv.reader.AbstractBaseCsvCallbackHandler;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.file.ReadColumns;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Segment;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One byte range of a CSV file ({@link CsvSplits}): read when a scan asks, its lines parsed straight
 * into the vectors of the columns the scan reads. A line with the wrong number of fields, or a value
 * that is not of its column's type, fails the scan with the file, line and column.
 */
public final class CsvSegment
        implements Segment
{
    private final Path file;
    private final CsvSplits.Split split;
    /** The split's place among the file's. */
    private final int index;
    /** Whether the file's cuts are inside quoted fields, or null when the file is one split or read through FastCSV. */
    private final CsvCutStates cutStates;
    private final CsvLayout layout;
    private final int estimatedRows;

    CsvSegment(Path file, CsvSplits.Split split, int index, CsvCutStates cutStates, CsvLayout layout)
    {
        this.file = file;
        this.split = split;
        this.index = index;
        this.cutStates = cutStates;
        this.layout = layout;
        this.estimatedRows = (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round((split.end() - split.start()) / Math.max(1, layout.bytesPerLine()))));
    }

    Path file()
    {
        return file;
    }

    CsvLayout layout()
    {
        return layout;
    }

    /** An estimate from the sniffed line length: only parsing tells. */
    @Override
    public int rowCount()
    {
        return estimatedRows;
    }

    @Override
    public ColumnStatistics[] columnStatistics()
    {
        return null;
    }

    @Override
    public int columnCount()
    {
        return layout.columns().size();
    }

    @Override
    public long retainedBytes()
    {
        return 0;
    }

    /** Each reading thread's buffer for a split's bytes, as large as the largest split it read; the threads are the drivers', a fixed pool. */
    private static final ThreadLocal<byte[]> RANGE_BUFFER = ThreadLocal.withInitial(() -> new byte[0]);

    /** Each reading thread's heap arrays that a split's values are parsed into, by field index, reused split after split. */
    private static final ThreadLocal<CsvColumnValues[]> COLUMN_VALUES = ThreadLocal.withInitial(() -> new CsvColumnValues[0]);

    private static final int PARSE_VARCHAR = 0;
    private static final int PARSE_CHAR = 1;
    private static final int PARSE_BYTE = 2;
    private static final int PARSE_INT = 3;
    private static final int PARSE_LONG = 4;
    private static final int PARSE_INT128 = 5;
    private static final int PARSE_DOUBLE = 6;

    @Override
    public Page read(int[] columns)
    {
        return read(columns, PageAllocator.transientPages());
    }

    @Override
    public Page read(int[] columns, PageAllocator allocator)
    {
        int length = rangeLength();
        byte[] bytes = readRange(split.start(), length, 0);
        if (CsvByteParser.handles(layout.delimiter(), layout.quote())) {
            return readRecords(columns, allocator, bytes, length);
        }
        Rows rows = new Rows(columns, allocator, split.start());
        LineHandler handler = new LineHandler(rows);
        try (CsvReader<Boolean> reader = CsvReader.builder()
                .fieldSeparator(layout.delimiter())
                .quoteCharacter(layout.quote())
                .skipEmptyLines(true)
                .allowExtraFields(true)
                .allowMissingFields(true)
                .detectBomHeader(split.start() == 0)
                .build(handler, new ByteArrayInputStream(bytes, 0, length), StandardCharsets.UTF_8)) {
            for (Boolean ignored : reader) {
                // the handler appends each line's values as the parser hands them over
            }
        }
        catch (CsvParseException e) {
            if (e.getCause() instanceof SignoException error) {
                // what the handler found wrong in a line, which the parser wraps
                throw error;
            }
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + " near line " + lineInFile(split.start(), handler.line()) + ": " + e.getMessage(), e);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": " + e.getMessage(), e);
        }
        return rows.page();
    }

    /**
     * The records of the split through the byte parser: those that start in it. Where the file was
     * cut inside a quoted field ({@link CsvCutStates}), that is from the first line end outside
     * quotes after the split's start to the first one after its end, past the split's bytes. The
     * split's lines are parsed before the cuts are checked, by when the readers of the splits before
     * it have mostly published what the check needs; what a wrong start made the parser find wrong
     * (a line of the wrong number of fields) counts only once the start is known to be right.
     */
    private Page readRecords(int[] columns, PageAllocator allocator, byte[] bytes, int length)
    {
        int from = split.start() == 0 ? CsvCutStates.byteOrderMarkLength(bytes, length) : 0;
        int transition = CsvCutStates.IDENTITY;
        if (cutStates != null) {
            transition = CsvCutStates.transition(bytes, from, length, (byte) layout.quote(), (byte) layout.delimiter());
            cutStates.publish(index, transition);
        }
        CsvByteParser parser = new CsvByteParser(layout.delimiter(), layout.quote());
        Rows rows = new Rows(columns, allocator, split.start());
        SignoException parseError = null;
        try {
            parser.parse(bytes, from, length, rows);
        }
        catch (SignoException e) {
            parseError = e;
        }
        if (cutStates != null) {
            boolean insideAtStart = index > 0 && cutStates.insideAtStart(index);
            boolean insideAtEnd = !split.last() && CsvCutStates.endsInside(transition, insideAtStart);
            if (insideAtStart || insideAtEnd) {
                return readRecordsAcrossCuts(columns, allocator, bytes, length, insideAtStart, insideAtEnd);
            }
        }
        if (parseError != null) {
            throw parseError;
        }
        if (parser.endedInsideQuotes() && !split.last()) {
            throw new IllegalStateException("split " + index + " of " + file + " ends inside a quoted field where the cut states say it does not");
        }
        return rows.page();
    }

    /** The records that start in the split, whose start or end (or both) the file was cut inside a quoted field at. */
    private Page readRecordsAcrossCuts(int[] columns, PageAllocator allocator, byte[] bytes, int length, boolean insideAtStart, boolean insideAtEnd)
    {
        long fileSize;
        try {
            fileSize = Files.size(file);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot read " + file + ": " + e.getMessage(), e);
        }
        long start = cutStates.recordStart(split.start(), insideAtStart, fileSize);
        long end = insideAtEnd ? cutStates.recordStart(split.end(), true, fileSize) : split.end();
        if (start >= end) {
            // a quoted field spans the whole split: its record belongs to the split where it starts
            return new Rows(columns, allocator, start).page();
        }
        byte[] range = bytes;
        if (end > split.end()) {
            long longer = end - split.start();
            if (longer > Integer.MAX_VALUE - 8) {
                throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": a line of over 2 GB");
            }
            range = readRange(split.end(), (int) (end - split.end()), length);
        }
        CsvByteParser parser = new CsvByteParser(layout.delimiter(), layout.quote());
        Rows rows = new Rows(columns, allocator, start);
        int from = start == 0 ? CsvCutStates.byteOrderMarkLength(range, length) : (int) (start - split.start());
        parser.parse(range, from, (int) (end - split.start()), rows);
        if (parser.endedInsideQuotes() && end < fileSize) {
            throw new IllegalStateException("the records of split " + index + " of " + file + " end inside a quoted field at " + end);
        }
        return rows.page();
    }

    /** The line of the file where line {@code lineInRange} (1-based) of the bytes parsed from {@code start} is: counted from the file's start, for error messages only. */
    private long lineInFile(long start, long lineInRange)
    {
        return CsvSplits.lineAt(file, start) + lineInRange - 1;
    }

    private int rangeLength()
    {
        long length = split.end() - split.start();
        if (length > Integer.MAX_VALUE - 8) {
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": a line of over 2 GB");
        }
        return (int) length;
    }

    /**
     * The {@code length} bytes of the file from {@code start}, in the reading thread's buffer from
     * index {@code at} (the buffer's bytes before it are kept): the values
     * are copied out of it as they are parsed, so the next split reuses it. A fresh array a split
     * was a megabyte the collector treats as a humongous object, and zeroed.
     */
    private byte[] readRange(long start, int length, int at)
    {
        byte[] bytes = RANGE_BUFFER.get();
        if (bytes.length < at + length) {
            bytes = java.util.Arrays.copyOf(bytes, at + length);
            RANGE_BUFFER.set(bytes);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes, at, length);
            long position = start;
            while (buffer.hasRemaining()) {
                int read = channel.read(buffer, position);
                if (read < 0) {
                    throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": it became shorter while it was read");
                }
                position += read;
            }
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot read " + file + ": " + e.getMessage(), e);
        }
        return bytes;
    }

    /**
     * Appends each field of a record to its column's vector, when the scan reads that column, from
     * either parser: bytes from {@link CsvByteParser}, characters from FastCSV.
     */
    private final class Rows
            implements CsvByteParser.RecordSink
    {
        private final int[] columns;
        /** By field index: where the field's values go, or null when no read column is that field. */
        private final CsvColumnValues[] targets;
        /** By field index: how the field is parsed, one of the {@code PARSE_} constants. */
        private final int[] parsers;
        private final PageAllocator allocator;
        private final CsvValues values = new CsvValues();
        private final byte[] nullBytes = layout.nullString().getBytes(StandardCharsets.UTF_8);
        private byte[] utf8 = new byte[256];
        /** The offset in the file of the first byte parsed, which the lines are counted from. */
        private final long rangeStart;
        private boolean skipHeader;
        /** The physical line (1-based within the split) where the record being parsed starts. */
        private long line = 1;
        private int rows;

        Rows(int[] columns, PageAllocator allocator, long start)
        {
            this.columns = columns;
            this.allocator = allocator;
            this.rangeStart = start;
            this.skipHeader = layout.header() && start == 0;
            int fieldCount = layout.columns().size();
            this.targets = new CsvColumnValues[fieldCount];
            this.parsers = new int[fieldCount];
            CsvColumnValues[] scratch = COLUMN_VALUES.get();
            if (scratch.length < fieldCount) {
                scratch = java.util.Arrays.copyOf(scratch, fieldCount);
                COLUMN_VALUES.set(scratch);
            }
            for (int column : columns) {
                if (targets[column] == null) {
                    if (scratch[column] == null) {
                        scratch[column] = new CsvColumnValues();
                    }
                    Type type = layout.columns().get(column).type();
                    scratch[column].reset(type, estimatedRows + 16);
                    targets[column] = scratch[column];
                    parsers[column] = parserOf(type);
                }
            }
        }

        private static int parserOf(Type type)
        {
            return switch (type.kind()) {
                case VARCHAR -> PARSE_VARCHAR;
                case CHAR -> PARSE_CHAR;
                default -> switch (type.physicalType()) {
                    case BYTE -> PARSE_BYTE;
                    case INT -> PARSE_INT;
                    case LONG -> PARSE_LONG;
                    case INT128 -> PARSE_INT128;
                    case DOUBLE -> PARSE_DOUBLE;
                    case BYTES -> throw new IllegalStateException(type.toString());
                };
            };
        }

        @Override
        public void field(int index, byte[] bytes, int start, int length, boolean quoted)
        {
            if (skipHeader || index >= targets.length) {
                return;
            }
            CsvColumnValues target = targets[index];
            if (target == null) {
                return;
            }
            if (!quoted && length == nullBytes.length && java.util.Arrays.equals(bytes, start, start + length, nullBytes, 0, nullBytes.length)) {
                target.appendNull();
                return;
            }
            int parser = parsers[index];
            if (parser == PARSE_VARCHAR || parser == PARSE_CHAR) {
                int end = start + length;
                if (parser == PARSE_CHAR) {
                    while (end > start && bytes[end - 1] == ' ') {
                        end--;
                    }
                }
                if (!Utf8.isValid(bytes, start, end)) {
                    throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ", line " + lineInFile(rangeStart, line) + ", column " + layout.columns().get(index).name()
                            + ": the text is not valid UTF-8");
                }
                target.appendBytes(bytes, start, end - start);
                return;
            }
            if (!values.parse(target.type(), bytes, start, length)) {
                throw badValue(index, new String(bytes, start, length, StandardCharsets.UTF_8));
            }
            switch (parser) {
                case PARSE_BYTE -> target.appendFlag(values.longValue != 0 ? (byte) 1 : 0);
                case PARSE_INT -> target.appendInt((int) values.longValue);
                case PARSE_LONG -> target.appendLong(values.longValue);
                case PARSE_INT128 -> target.appendInt128(values.highValue, values.longValue);
                default -> target.appendDouble(values.doubleValue);
            }
        }

        @Override
        public void startRecord(long recordLine)
        {
            line = recordLine;
        }

        @Override
        public void endRecord(int fieldCount)
        {
            record(fieldCount);
        }

        /** Counts a complete record; false for the header line, which is skipped. */
        boolean record(int fields)
        {
            if (skipHeader) {
                skipHeader = false;
                return false;
            }
            if (fields != layout.fieldsPerLine()) {
                throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ", line " + lineInFile(rangeStart, line) + ": " + fields
                        + (fields == 1 ? " field" : " fields") + " where " + layout.fieldsPerLine() + " were expected (delimiter '" + printable(layout.delimiter()) + "')");
            }
            rows++;
            return true;
        }

        /** A field as FastCSV hands it over, encoded to UTF-8 and taken as the byte parser's fields are. */
        void field(int index, char[] text, int start, int length, boolean quoted)
        {
            if (skipHeader || index >= targets.length || targets[index] == null) {
                return;
            }
            field(index, utf8, 0, encode(text, start, length), quoted);
        }

        /** Encodes the characters into {@link #utf8}, returning the byte count. */
        private int encode(char[] text, int start, int length)
        {
            if (utf8.length < length * 3) {
                utf8 = new byte[Math.max(length * 3, utf8.length * 2)];
            }
            int size = 0;
            for (int i = start; i < start + length; i++) {
                char c = text[i];
                if (c < 0x80) {
                    utf8[size++] = (byte) c;
                }
                else {
                    byte[] encoded = new String(text, i, start + length - i).getBytes(StandardCharsets.UTF_8);
                    System.arraycopy(encoded, 0, utf8, size, encoded.length);
                    size += encoded.length;
                    break;
                }
            }
            return size;
        }

        private SignoException badValue(int column, String text)
        {
            Column target = layout.columns().get(column);
            return new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ", line " + lineInFile(rangeStart, line) + ", column " + target.name()
                    + ": '" + abbreviate(text) + "' is not a valid " + target.type().kind().name() + (target.type().kind() == TypeKind.DATE ? " (YYYY-MM-DD)" : target.type().kind() == TypeKind.TIMESTAMP ? " (YYYY-MM-DD HH:MM:SS)" : ""));
        }

        Page page()
        {
            return ReadColumns.page(rows, columns, targets.length, column -> targets[column].build(allocator));
        }
    }

    /** FastCSV's callbacks, for dialects the byte parser does not take, passed on to {@link Rows}. */
    private static final class LineHandler
            extends AbstractBaseCsvCallbackHandler<Boolean>
    {
        private final Rows rows;

        LineHandler(Rows rows)
        {
            this.rows = rows;
        }

        long line()
        {
            return getStartingLineNumber();
        }

        @Override
        protected void handleField(int index, char[] text, int start, int length, boolean quoted)
        {
            rows.line = getStartingLineNumber();
            rows.field(index, text, start, length, quoted);
        }

        @Override
        protected Boolean buildRecord()
        {
            rows.line = getStartingLineNumber();
            return rows.record(getFieldCount());
        }
    }

    private static String printable(char delimiter)
    {
        return delimiter == '\t' ? "\\t" : String.valueOf(delimiter);
    }

    private static String abbreviate(String text)
    {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
