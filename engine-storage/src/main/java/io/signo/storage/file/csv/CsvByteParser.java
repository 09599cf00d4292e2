package io.signo.storage.file.csv;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * RFC 4180 records parsed from the bytes of a split, for an ASCII delimiter and quote: fields are
 * handed over as ranges of the split's bytes, so UTF-8 text is never decoded to characters and
 * encoded again. A quoted field may hold delimiters, line breaks and doubled quotes (undoubled into
 * a scratch buffer); text after its closing quote is kept as part of it. Lines end with LF, CR LF
 * or CR; empty lines are skipped. Parses as FastCSV does with the options {@link CsvSniffer} uses,
 * which stays the parser for the sample and for dialects with a non-ASCII delimiter or quote.
 */
final class CsvByteParser
{
    /** Where the fields of each record go. */
    interface RecordSink
    {
        /** A record starts on physical line {@code line} (1-based within the split). */
        void startRecord(long line);

        /** Field {@code index} of the current record: {@code bytes[start, start + length)}. */
        void field(int index, byte[] bytes, int start, int length, boolean quoted);

        /** The current record, of {@code fieldCount} fields, is complete. */
        void endRecord(int fieldCount);
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long BYTES = 0x0101_0101_0101_0101L;
    private static final long NEWLINES = BYTES * '\n';
    private static final long RETURNS = BYTES * '\r';
    private static final long LOW_SEVEN_BITS = 0x7f7f_7f7f_7f7f_7f7fL;

    private final byte delimiter;
    /** The delimiter in each byte of a word. */
    private final long delimiters;
    private final byte quote;
    private byte[] unquoted = new byte[256];
    /** How many bytes of {@link #unquoted} the last quoted field filled. */
    private int unquotedLength;
    /** The physical line (1-based within the split) the parse has reached. */
    private long line;
    /** Whether the last {@link #parse} ended inside a quoted field, which no closing quote ended. */
    private boolean endedInsideQuotes;

    CsvByteParser(char delimiter, char quote)
    {
        if (delimiter > 0x7f || quote > 0x7f) {
            throw new IllegalArgumentException("the byte parser takes an ASCII delimiter and quote");
        }
        this.delimiter = (byte) delimiter;
        this.delimiters = BYTES * delimiter;
        this.quote = (byte) quote;
    }

    static boolean handles(char delimiter, char quote)
    {
        return delimiter <= 0x7f && quote <= 0x7f && delimiter != '\n' && delimiter != '\r' && quote != '\n' && quote != '\r';
    }

    /** Parses every record of {@code bytes[from, to)} into {@code sink}. */
    void parse(byte[] bytes, int from, int to, RecordSink sink)
    {
        endedInsideQuotes = false;
        line = 1;
        int position = from;
        // a record a call, and no other loop here: this method runs once per split, so C2 compiles its
        // loop on stack (OSR); with the record's code inlined that was a large method compiled again
        // and again, while a method called per record is compiled once, early, and not inlined here
        while (position < to) {
            position = record(bytes, position, to, sink);
        }
    }

    /** Parses the record, or the empty line, that starts at {@code position}; returns where the next one starts. */
    private int record(byte[] bytes, int position, int to, RecordSink sink)
    {
        byte first = bytes[position];
        // an empty line: no record
        if (first == '\n') {
            line++;
            return position + 1;
        }
        if (first == '\r') {
            line++;
            return position + (position + 1 < to && bytes[position + 1] == '\n' ? 2 : 1);
        }
        sink.startRecord(line);
        int field = 0;
        while (true) {
            int end;
            if (position < to && bytes[position] == quote) {
                end = quotedField(bytes, position, to);
                sink.field(field, unquoted, 0, unquotedLength, true);
            }
            else {
                end = unquotedFieldEnd(bytes, position, to);
                sink.field(field, bytes, position, end - position, false);
            }
            field++;
            if (end < to && bytes[end] == delimiter) {
                position = end + 1;
                if (position == to) {
                    // a delimiter at the very end: one more, empty field
                    sink.field(field, bytes, position, 0, false);
                    field++;
                    break;
                }
                continue;
            }
            // a line end, or the end of the split
            if (end < to) {
                end += bytes[end] == '\r' && end + 1 < to && bytes[end + 1] == '\n' ? 2 : 1;
                line++;
            }
            position = end;
            break;
        }
        sink.endRecord(field);
        return position;
    }

    /** Where the unquoted field starting at {@code position} ends: its delimiter, its line end or {@code to}. */
    private int unquotedFieldEnd(byte[] bytes, int position, int to)
    {
        int i = position;
        // eight bytes at a time to the first delimiter or line end
        while (i + Long.BYTES <= to) {
            long word = (long) LONGS.get(bytes, i);
            long found = zeroBytes(word ^ delimiters) | zeroBytes(word ^ NEWLINES) | zeroBytes(word ^ RETURNS);
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
            i += Long.BYTES;
        }
        while (i < to) {
            byte b = bytes[i];
            if (b == delimiter || b == '\n' || b == '\r') {
                break;
            }
            i++;
        }
        return i;
    }

    /**
     * The quoted field starting at {@code position} (its opening quote), to its closing quote, a
     * doubled quote standing for one: undoubled into {@link #unquoted}, {@link #unquotedLength}
     * bytes. Returns where the field ends (its delimiter, its line end or {@code to}).
     */
    private int quotedField(byte[] bytes, int position, int to)
    {
        int length = 0;
        int i = position + 1;
        while (true) {
            if (i >= to) {
                // no closing quote before the end: the rest is the field, as FastCSV reads it
                endedInsideQuotes = true;
                break;
            }
            byte b = bytes[i];
            if (b == quote) {
                if (i + 1 < to && bytes[i + 1] == quote) {
                    append(length++, quote);
                    i += 2;
                    continue;
                }
                i++;
                break;
            }
            if (b == '\n' || (b == '\r' && !(i + 1 < to && bytes[i + 1] == '\n'))) {
                line++;
            }
            append(length++, b);
            i++;
        }
        // text between the closing quote and the delimiter belongs to the field
        while (i < to && bytes[i] != delimiter && bytes[i] != '\n' && bytes[i] != '\r') {
            append(length++, bytes[i]);
            i++;
        }
        unquotedLength = length;
        return i;
    }

    /**
     * Whether the last {@link #parse} ended inside a quoted field: at the end of a file, a field
     * without its closing quote; before it, a split cut inside a quoted field.
     */
    boolean endedInsideQuotes()
    {
        return endedInsideQuotes;
    }

    /** The high bit of each byte of {@code word} that is zero, exactly (no borrow from a neighbour). */
    private static long zeroBytes(long word)
    {
        long low = (word & LOW_SEVEN_BITS) + LOW_SEVEN_BITS;
        return ~(low | word | LOW_SEVEN_BITS);
    }

    private void append(int index, byte b)
    {
        if (index == unquoted.length) {
            unquoted = java.util.Arrays.copyOf(unquoted, unquoted.length * 2);
        }
        unquoted[index] = b;
    }
}
