package io.signo.server.pg;

import io.netty.buffer.ByteBuf;
import io.signo.storage.type.CivilDate;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Interval;
import io.signo.storage.type.TimeZoneOffsets;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.type.ZonedTimestamp;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

import static java.util.Objects.requireNonNull;

/**
 * Writes the values of one result column as the wire protocol's cells, a vector at a time: for each
 * position a 4-byte length (-1 for NULL) and the value in PostgreSQL's text or binary format for
 * the column's type. The type and format are switched on once per vector; the loops write from the
 * off-heap vector into the buffer through a scratch array, with no object per value except for
 * floating-point text (the JDK's shortest decimal form of a double is a String).
 *
 * <p>Text is what PostgreSQL prints with {@code DateStyle ISO} and {@code IntervalStyle postgres}:
 * {@code t}/{@code f}, numerics with all their scale's digits, {@code 1e+20}-style floats, dates
 * {@code 1998-12-01}, timestamps without trailing zeros of the fraction, instants in the session's
 * time zone with their offset ({@code +01}), intervals {@code 1 year 2 mons 3 days 04:05:06}.
 * Binary is PostgreSQL's send format: big-endian integers and IEEE floats, dates as days and
 * timestamps as microseconds since 2000-01-01, intervals as microseconds, days and months, numerics
 * as base-10000 digits.
 */
final class PgValueEncoder
{
    static final long POSTGRES_EPOCH_DAYS = 10_957;
    static final long POSTGRES_EPOCH_MICROS = POSTGRES_EPOCH_DAYS * CivilTimestamp.MICROS_PER_DAY;
    private static final int NUMERIC_POSITIVE = 0x0000;
    private static final int NUMERIC_NEGATIVE = 0x4000;
    private static final byte[] TRUE = {'t'};
    private static final byte[] FALSE = {'f'};

    private final Type type;
    private final boolean binary;
    private final TimeZoneOffsets timeZone;
    private final byte[] scratch = new byte[128];
    /** Decimal digits of a numeric, then its base-10000 groups. */
    private final byte[] digits = new byte[48];
    private final short[] groups = new short[24];

    /** @param timeZone where TIMESTAMP WITH TIME ZONE values are shown (text) */
    PgValueEncoder(Type type, boolean binary, TimeZoneOffsets timeZone)
    {
        this.type = requireNonNull(type, "type is null");
        this.binary = binary;
        this.timeZone = requireNonNull(timeZone, "timeZone is null");
    }

    /**
     * Writes the cells of positions [from, to) of {@code vector} to {@code cells}; {@code cellEnds[i]}
     * becomes the writer index after the cell of position {@code from + i}.
     */
    void encode(ColumnVector vector, int from, int to, ByteBuf cells, int[] cellEnds)
    {
        boolean mayHaveNulls = vector.mayHaveNulls();
        TypeKind kind = type.kind();
        if (binary) {
            switch (kind) {
                case BOOLEAN -> {
                    for (int position = from; position < to; position++) {
                        if (!writeNull(vector, mayHaveNulls, position, cells)) {
                            cells.writeInt(1).writeByte(vector.getBoolean(position) ? 1 : 0);
                        }
                        cellEnds[position - from] = cells.writerIndex();
                    }
                }
                case INTEGER -> {
                    for (int position = from; position < to; position++) {
                        if (!writeNull(vector, mayHaveNulls, position, cells)) {
                            cells.writeInt(4).writeInt(vector.getInt(position));
                        }
                        cellEnds[position - from] = cells.writerIndex();
                    }
                }
                case DATE -> {
                    for (int position = from; position < to; position++) {
                        if (!writeNull(vector, mayHaveNulls, position, cells)) {
                            cells.writeInt(4).writeInt((int) (vector.getInt(position) - POSTGRES_EPOCH_DAYS));
                        }
                        cellEnds[position - from] = cells.writerIndex();
                    }
                }
                case BIGINT, TIME -> {
                    for (int position = from; position < to; position++) {
                        if (!writeNull(vector, mayHaveNulls, position, cells)) {
                            cells.writeInt(8).writeLong(vector.getLong(position));
                        }
                        cellEnds[position - from] = cells.writerIndex();
                    }
                }
                case TIMESTAMP, TIMESTAMP_TZ -> {
                    for (int position = from; position < to; position++) {
                        if (!writeNull(vector, mayHaveNulls, position, cells)) {
                            cells.writeInt(8).writeLong(vector.getLong(position) - POSTGRES_EPOCH_MICROS);
                        }
                        cellEnds[position - from] = cells.writerIndex();
                    }
                }
                case DOUBLE -> {
                    for (int position = from; position < to; position++) {
                        if (!writeNull(vector, mayHaveNulls, position, cells)) {
                            cells.writeInt(8).writeDouble(vector.getDouble(position));
                        }
                        cellEnds[position - from] = cells.writerIndex();
                    }
                }
                case REAL -> {
                    for (int position = from; position < to; position++) {
                        if (!writeNull(vector, mayHaveNulls, position, cells)) {
                            cells.writeInt(4).writeFloat((float) vector.getDouble(position));
                        }
                        cellEnds[position - from] = cells.writerIndex();
                    }
                }
                case DECIMAL -> {
                    int scale = type.scale();
                    for (int position = from; position < to; position++) {
                        if (!writeNull(vector, mayHaveNulls, position, cells)) {
                            if (type.isLongDecimal()) {
                                long high = vector.getInt128High(position);
                                writeBinaryNumeric(high < 0, absoluteDigits(high, vector.getInt128Low(position)), scale, cells);
                            }
                            else {
                                long unscaled = vector.getLong(position);
                                writeBinaryNumeric(unscaled < 0, absoluteDigits(unscaled), scale, cells);
                            }
                        }
                        cellEnds[position - from] = cells.writerIndex();
                    }
                }
                case INTERVAL_YEAR_MONTH -> {
                    for (int position = from; position < to; position++) {
                        if (!writeNull(vector, mayHaveNulls, position, cells)) {
                            long months = vector.getLong(position);
                            cells.writeInt(16).writeLong(0).writeInt(0).writeInt((int) months);
                        }
                        cellEnds[position - from] = cells.writerIndex();
                    }
                }
                case INTERVAL_DAY_TIME -> {
                    // a type with a day field shows whole days apart, as PostgreSQL keeps them; INTERVAL HOUR TO SECOND keeps hours
                    boolean days = type.precision() == 0;
                    for (int position = from; position < to; position++) {
                        if (!writeNull(vector, mayHaveNulls, position, cells)) {
                            long micros = vector.getLong(position);
                            long dayCount = days ? micros / CivilTimestamp.MICROS_PER_DAY : 0;
                            cells.writeInt(16).writeLong(micros - dayCount * CivilTimestamp.MICROS_PER_DAY).writeInt((int) dayCount).writeInt(0);
                        }
                        cellEnds[position - from] = cells.writerIndex();
                    }
                }
                case VARCHAR, CHAR -> writeStrings(vector, mayHaveNulls, from, to, cells, cellEnds);
            }
            return;
        }
        switch (kind) {
            case BOOLEAN -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        cells.writeInt(1).writeBytes(vector.getBoolean(position) ? TRUE : FALSE);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case INTEGER -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(writeLong(vector.getInt(position), scratch, 0), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case BIGINT -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(writeLong(vector.getLong(position), scratch, 0), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case DATE -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(CivilDate.format(vector.getInt(position), scratch, 0), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case TIME -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(CivilTime.format(vector.getLong(position), scratch, 0), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case TIMESTAMP -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(CivilTimestamp.format(vector.getLong(position), scratch, 0), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case TIMESTAMP_TZ -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(ZonedTimestamp.format(vector.getLong(position), timeZone, scratch, 0), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case DOUBLE -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(writeDouble(vector.getDouble(position), false, scratch), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case REAL -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(writeDouble(vector.getDouble(position), true, scratch), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case DECIMAL -> {
                int scale = type.scale();
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(type.isLongDecimal()
                                ? Int128Math.format(vector.getInt128High(position), vector.getInt128Low(position), scale, scratch, 0)
                                : writeDecimal(vector.getLong(position), scale, scratch), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case INTERVAL_YEAR_MONTH -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(writeMonths(vector.getLong(position), scratch), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case INTERVAL_DAY_TIME -> {
                for (int position = from; position < to; position++) {
                    if (!writeNull(vector, mayHaveNulls, position, cells)) {
                        writeCell(Interval.format(type, vector.getLong(position), scratch, 0), cells);
                    }
                    cellEnds[position - from] = cells.writerIndex();
                }
            }
            case VARCHAR, CHAR -> writeStrings(vector, mayHaveNulls, from, to, cells, cellEnds);
        }
    }

    private static boolean writeNull(ColumnVector vector, boolean mayHaveNulls, int position, ByteBuf cells)
    {
        if (mayHaveNulls && vector.isNull(position)) {
            cells.writeInt(-1);
            return true;
        }
        return false;
    }

    private void writeCell(int length, ByteBuf cells)
    {
        cells.writeInt(length).writeBytes(scratch, 0, length);
    }

    /** Text and binary alike: a string's UTF-8 bytes, copied from the vector's byte region. */
    private static void writeStrings(ColumnVector vector, boolean mayHaveNulls, int from, int to, ByteBuf cells, int[] cellEnds)
    {
        MemorySegment bytes = vector.values();
        for (int position = from; position < to; position++) {
            if (!writeNull(vector, mayHaveNulls, position, cells)) {
                int start = vector.stringStart(position);
                int length = vector.stringLength(position);
                cells.writeInt(length);
                cells.ensureWritable(length);
                int index = cells.writerIndex();
                if (cells.hasArray()) {
                    MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, start, cells.array(), cells.arrayOffset() + index, length);
                }
                else {
                    cells.setBytes(index, bytes.asSlice(start, length).asByteBuffer());
                }
                cells.writerIndex(index + length);
            }
            cellEnds[position - from] = cells.writerIndex();
        }
    }

    /** Writes a whole number's digits; returns the end offset. */
    static int writeLong(long value, byte[] target, int offset)
    {
        int position = offset;
        if (value < 0) {
            target[position++] = '-';
        }
        // negative, so that Long.MIN_VALUE works
        long remaining = value > 0 ? -value : value;
        int digitCount = 1;
        for (long rest = remaining / 10; rest != 0; rest /= 10) {
            digitCount++;
        }
        for (int i = digitCount - 1; i >= 0; i--) {
            target[position + i] = (byte) ('0' - remaining % 10);
            remaining /= 10;
        }
        return position + digitCount;
    }

    /** The decimal digits of |unscaled| into {@code digits}, most significant first; returns how many. */
    private int absoluteDigits(long unscaled)
    {
        long remaining = unscaled > 0 ? -unscaled : unscaled;
        int count = 0;
        do {
            scratch[count++] = (byte) -(remaining % 10);
            remaining /= 10;
        }
        while (remaining != 0);
        for (int i = 0; i < count; i++) {
            digits[i] = scratch[count - 1 - i];
        }
        return count;
    }

    /** A DECIMAL's text: its sign, integer digits (at least one) and exactly {@code scale} fraction digits. */
    private int writeDecimal(long unscaled, int scale, byte[] target)
    {
        int count = absoluteDigits(unscaled);
        int position = 0;
        if (unscaled < 0) {
            target[position++] = '-';
        }
        int integerDigits = count - scale;
        if (integerDigits <= 0) {
            target[position++] = '0';
        }
        for (int i = 0; i < integerDigits; i++) {
            target[position++] = (byte) ('0' + digits[i]);
        }
        if (scale > 0) {
            target[position++] = '.';
            for (int i = integerDigits; i < count; i++) {
                target[position++] = i < 0 ? (byte) '0' : (byte) ('0' + digits[i]);
            }
        }
        return position;
    }

    /** The decimal digits of a long DECIMAL's |unscaled value| into {@code digits}, most significant first; returns how many. */
    private int absoluteDigits(long high, long low)
    {
        int length = Int128Math.format(high, low, 0, scratch, 0);
        int count = 0;
        for (int i = 0; i < length; i++) {
            if (scratch[i] >= '0' && scratch[i] <= '9') {
                digits[count++] = (byte) (scratch[i] - '0');
            }
        }
        return count;
    }

    /**
     * A DECIMAL in PostgreSQL's binary numeric, from the {@code count} digits of its absolute unscaled
     * value in {@code digits}: digit count, weight, sign, display scale, then base-10000 digits.
     */
    private void writeBinaryNumeric(boolean negative, int count, int scale, ByteBuf cells)
    {
        int integerDigits = count - scale;
        // pad the integer part on the left and the fraction on the right to whole groups of four digits
        int integerGroups = integerDigits > 0 ? (integerDigits + 3) / 4 : 0;
        int fractionGroups = (scale + 3) / 4;
        int leftPad = integerGroups * 4 - Math.max(integerDigits, 0);
        int groupCount = integerGroups + fractionGroups;
        // digit i of the padded sequence is digits[i - leftPad - (integerDigits < 0 ? integerDigits : 0)]
        int shift = leftPad + (integerDigits < 0 ? -integerDigits : 0);
        for (int group = 0; group < groupCount; group++) {
            int value = 0;
            for (int digit = 0; digit < 4; digit++) {
                int index = group * 4 + digit - shift;
                value = value * 10 + (index >= 0 && index < count ? digits[index] : 0);
            }
            groups[group] = (short) value;
        }
        int first = 0;
        while (first < groupCount && groups[first] == 0) {
            first++;
        }
        int last = groupCount;
        while (last > first && groups[last - 1] == 0) {
            last--;
        }
        int weight = first == last ? 0 : integerGroups - 1 - first;
        int digitGroups = last - first;
        cells.writeInt(8 + 2 * digitGroups);
        cells.writeShort(digitGroups);
        cells.writeShort(weight);
        cells.writeShort(negative && digitGroups > 0 ? NUMERIC_NEGATIVE : NUMERIC_POSITIVE);
        cells.writeShort(scale);
        for (int group = first; group < last; group++) {
            cells.writeShort(groups[group]);
        }
    }

    /**
     * A float's text as PostgreSQL writes it (shortest exact form): plain digits for decimal
     * exponents from -4 up to 14 (5 for a REAL), otherwise {@code 1.5e+20}, {@code 1e-05};
     * {@code NaN}, {@code Infinity}, {@code -Infinity}.
     */
    static int writeDouble(double value, boolean real, byte[] target)
    {
        if (Double.isNaN(value)) {
            return ascii("NaN", target, 0);
        }
        if (Double.isInfinite(value)) {
            return ascii(value > 0 ? "Infinity" : "-Infinity", target, 0);
        }
        int position = 0;
        if (value < 0 || (value == 0 && 1 / value < 0)) {
            target[position++] = '-';
        }
        if (value == 0) {
            target[position++] = '0';
            return position;
        }
        String shortest = real ? Float.toString(Math.abs((float) value)) : Double.toString(Math.abs(value));
        // shortest is d.dddE[-]x or ddd.ddd: collect the significant digits and the exponent of the first
        int exponentMark = shortest.indexOf('E');
        String mantissa = exponentMark < 0 ? shortest : shortest.substring(0, exponentMark);
        int exponent = exponentMark < 0 ? 0 : Integer.parseInt(shortest.substring(exponentMark + 1));
        int point = mantissa.indexOf('.');
        byte[] significant = new byte[mantissa.length()];
        int count = 0;
        int firstNonZero = -1;
        for (int i = 0; i < mantissa.length(); i++) {
            char character = mantissa.charAt(i);
            if (character == '.') {
                continue;
            }
            if (firstNonZero < 0 && character == '0') {
                continue;
            }
            if (firstNonZero < 0) {
                firstNonZero = i;
            }
            significant[count++] = (byte) character;
        }
        while (count > 1 && significant[count - 1] == '0') {
            count--;
        }
        // the decimal exponent of the first significant digit
        int pointIndex = point < 0 ? mantissa.length() : point;
        int decimalExponent = exponent + (firstNonZero < pointIndex ? pointIndex - firstNonZero - 1 : pointIndex - firstNonZero);
        int maxPlainExponent = real ? 5 : 14;
        if (decimalExponent < -4 || decimalExponent > maxPlainExponent) {
            target[position++] = significant[0];
            if (count > 1) {
                target[position++] = '.';
                for (int i = 1; i < count; i++) {
                    target[position++] = significant[i];
                }
            }
            target[position++] = 'e';
            target[position++] = (byte) (decimalExponent < 0 ? '-' : '+');
            int magnitude = Math.abs(decimalExponent);
            if (magnitude < 10) {
                target[position++] = '0';
            }
            return writeLong(magnitude, target, position);
        }
        if (decimalExponent < 0) {
            target[position++] = '0';
            target[position++] = '.';
            for (int i = decimalExponent + 1; i < 0; i++) {
                target[position++] = '0';
            }
            for (int i = 0; i < count; i++) {
                target[position++] = significant[i];
            }
            return position;
        }
        for (int i = 0; i <= decimalExponent; i++) {
            target[position++] = i < count ? significant[i] : (byte) '0';
        }
        if (count > decimalExponent + 1) {
            target[position++] = '.';
            for (int i = decimalExponent + 1; i < count; i++) {
                target[position++] = significant[i];
            }
        }
        return position;
    }

    /** A year-month interval as PostgreSQL writes it: {@code 1 year 2 mons}, {@code -3 mons}, {@code 00:00:00} for none. */
    static int writeMonths(long months, byte[] target)
    {
        long years = months / 12;
        long rest = months % 12;
        int position = 0;
        if (years != 0) {
            position = writeLong(years, target, position);
            position = ascii(years == 1 || years == -1 ? " year" : " years", target, position);
        }
        if (rest != 0) {
            if (position != 0) {
                target[position++] = ' ';
            }
            position = writeLong(rest, target, position);
            position = ascii(rest == 1 || rest == -1 ? " mon" : " mons", target, position);
        }
        return position == 0 ? ascii("00:00:00", target, 0) : position;
    }

    private static int ascii(String text, byte[] target, int offset)
    {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(bytes, 0, target, offset, bytes.length);
        return offset + bytes.length;
    }
}
