package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Interval;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.math.RoundingMode;

import static java.util.Objects.requireNonNull;

/**
 * CAST between INTEGER, BIGINT, DECIMAL, DOUBLE, REAL, DATE, TIMESTAMP, TIME, the INTERVALs, BOOLEAN,
 * VARCHAR and CHAR. Exact numeric conversions round HALF_UP (a floating-point value to an integer
 * type half to even) and fail on overflow; strings are
 * truncated to a target length in characters, and CHAR results drop trailing spaces (the stored
 * form). Text becomes a DATE from 'YYYY-MM-DD', a TIMESTAMP as {@link CivilTimestamp#parse} reads it,
 * a TIME as {@link CivilTime#parse} and an interval as {@link Interval} reads it; a TIMESTAMP becomes the
 * DATE it falls on or its time of day, and a DATE its midnight. Numbers, dates and times become text
 * without creating Strings, except DOUBLE. A TIMESTAMP WITH TIME ZONE converts to and from other
 * types in a time zone: {@link TimeZoneConversionExpression} does it.
 */
public final class CastExpression
        implements Expression
{
    final Expression value;
    final Type type;

    CastExpression(Expression value, Type type)
    {
        this.value = requireNonNull(value, "value is null");
        this.type = requireNonNull(type, "type is null");
        Type source = value.type();
        boolean supported = source.kind() == type.kind()
                || (source.isNumeric() && type.isNumeric())
                || (type.isString() && source.kind() != TypeKind.TIMESTAMP_TZ)
                || (isDateTime(source) && isDateTime(type))
                || (source.kind() == TypeKind.TIMESTAMP && type.kind() == TypeKind.TIME)
                || (source.isString() && (type.isNumeric() || isDateTime(type) || type.kind() == TypeKind.BOOLEAN || type.kind() == TypeKind.TIME || type.isInterval()));
        if (!supported) {
            throw new IllegalArgumentException("cannot cast " + source + " to " + type);
        }
    }

    private static boolean isDateTime(Type type)
    {
        return type.kind() == TypeKind.DATE || type.kind() == TypeKind.TIMESTAMP;
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        Type source = value.type();
        if (type.isString()) {
            if (source.isString()) {
                return stringToString(value.evaluate(page, positions, count, allocator), count, allocator);
            }
            return toText(page, positions, count, allocator);
        }
        if (source.isString()) {
            return fromText(value.evaluate(page, positions, count, allocator), count, allocator);
        }
        return switch (type.kind()) {
            case DOUBLE, REAL -> {
                DoubleValues values = DoubleValues.evaluate(value, page, positions, count, allocator);
                yield FixedWidthVectors.fromDoubles(type, values.values(), count, values.nulls(), allocator);
            }
            case INTEGER, BIGINT, DECIMAL -> source.isFloatingPoint()
                    ? doubleToExact(page, positions, count, allocator)
                    : source.isLongDecimal() || type.isLongDecimal()
                            ? exactToExactInt128(page, positions, count, allocator)
                            : exactToExact(page, positions, count, allocator);
            case TIME -> {
                LongValues values = LongValues.evaluate(value, page, positions, count, allocator);
                long[] longs = values.values();
                if (source.kind() == TypeKind.TIMESTAMP) {
                    for (int i = 0; i < count; i++) {
                        longs[i] = CivilTimestamp.microsOfDay(longs[i]);
                    }
                }
                yield FixedWidthVectors.fromLongs(type, longs, count, values.nulls(), allocator);
            }
            case DATE, TIMESTAMP, BOOLEAN, TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> {
                LongValues values = LongValues.evaluate(value, page, positions, count, allocator);
                long[] longs = values.values();
                if (source.kind() == TypeKind.DATE && type.kind() == TypeKind.TIMESTAMP) {
                    for (int i = 0; i < count; i++) {
                        longs[i] = CivilTimestamp.ofDays((int) longs[i]);
                    }
                }
                else if (source.kind() == TypeKind.TIMESTAMP && type.kind() == TypeKind.DATE) {
                    for (int i = 0; i < count; i++) {
                        longs[i] = CivilTimestamp.days(longs[i]);
                    }
                }
                yield FixedWidthVectors.fromLongs(type, longs, count, values.nulls(), allocator);
            }
            default -> throw new IllegalStateException("unreachable: " + type);
        };
    }

    private ColumnVector exactToExact(Page page, int[] positions, int count, PageAllocator allocator)
    {
        LongValues input = LongValues.evaluate(value, page, positions, count, allocator);
        long[] values = input.values();
        int fromScale = value.type().scale();
        int toScale = type.scale();
        if (fromScale != toScale) {
            for (int i = 0; i < count; i++) {
                values[i] = Decimals.rescale(values[i], fromScale, toScale);
            }
        }
        checkRange(values, count);
        return FixedWidthVectors.fromLongs(type, values, count, input.nulls(), allocator);
    }

    /** An exact cast with a long DECIMAL on either side: computed in 128 bits, narrowed at the end when the target is short. */
    private ColumnVector exactToExactInt128(Page page, int[] positions, int count, PageAllocator allocator)
    {
        Int128Values input = Int128Values.evaluate(value, page, positions, count, allocator);
        long[] high = input.high();
        long[] low = input.low();
        int fromScale = value.type().scale();
        int toScale = type.scale();
        long[] scratch = new long[2];
        try {
            for (int i = 0; i < count; i++) {
                Int128Math.rescale(high[i], low[i], fromScale, toScale, scratch);
                high[i] = scratch[0];
                low[i] = scratch[1];
            }
        }
        catch (ArithmeticException e) {
            throw overflow();
        }
        if (type.isLongDecimal()) {
            for (int i = 0; i < count; i++) {
                if (!Int128Math.fitsPrecision(high[i], low[i], type.precision())) {
                    throw overflow();
                }
            }
            return FixedWidthVectors.fromInt128(type, high, low, count, input.nulls(), allocator);
        }
        for (int i = 0; i < count; i++) {
            if (!Int128Math.fitsInLong(high[i], low[i])) {
                throw overflow();
            }
        }
        checkRange(low, count);
        return FixedWidthVectors.fromLongs(type, low, count, input.nulls(), allocator);
    }

    private ColumnVector doubleToExact(Page page, int[] positions, int count, PageAllocator allocator)
    {
        DoubleValues input = DoubleValues.evaluate(value, page, positions, count, allocator);
        double[] doubles = input.values();
        long[] values = new long[count];
        long[] high = type.isLongDecimal() ? new long[count] : null;
        long[] scratch = new long[2];
        for (int i = 0; i < count; i++) {
            double d = doubles[i];
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new SignoException(ErrorCode.INVALID_CAST, "Cannot cast " + d + " to " + type);
            }
            if (type.kind() == TypeKind.DECIMAL) {
                // exact decimal expansion of the double's shortest repr, rounded as SQL rounds decimals
                BigDecimal decimal = BigDecimal.valueOf(d).setScale(type.scale(), RoundingMode.HALF_UP);
                if (high != null) {
                    if (decimal.precision() > type.precision() && decimal.signum() != 0) {
                        throw overflow();
                    }
                    Int128Math.fromBigInteger(decimal.unscaledValue(), scratch);
                    high[i] = scratch[0];
                    values[i] = scratch[1];
                    continue;
                }
                if (decimal.unscaledValue().bitLength() > 63) {
                    throw overflow();
                }
                values[i] = decimal.unscaledValue().longValue();
            }
            else {
                // to the nearest integer, a half to the even one, as PostgreSQL and DuckDB do (a DECIMAL rounds half away from zero)
                double rounded = Math.rint(d);
                if (rounded >= 0x1p63 || rounded < -0x1p63) {
                    throw overflow();
                }
                values[i] = (long) rounded;
            }
        }
        if (high != null) {
            return FixedWidthVectors.fromInt128(type, high, values, count, input.nulls(), allocator);
        }
        checkRange(values, count);
        return FixedWidthVectors.fromLongs(type, values, count, input.nulls(), allocator);
    }

    private void checkRange(long[] values, int count)
    {
        if (type.kind() == TypeKind.DECIMAL) {
            Decimals.checkPrecision(values, count, type.precision());
        }
        else if (type.kind() == TypeKind.INTEGER) {
            for (int i = 0; i < count; i++) {
                if (values[i] != (int) values[i]) {
                    throw overflow();
                }
            }
        }
    }

    private SignoException overflow()
    {
        return new SignoException(ErrorCode.NUMERIC_OVERFLOW, type.kind() == TypeKind.DECIMAL ? Decimals.OVERFLOW : "Value out of range for " + type);
    }

    private ColumnVector stringToString(ColumnVector input, int count, PageAllocator allocator)
    {
        int maxCharacters = type.length();
        boolean stripSpaces = type.kind() == TypeKind.CHAR;
        if (maxCharacters <= 0 && !stripSpaces) {
            return new ColumnVector(type, count, input.values(), input.offsets(), input.nulls());
        }
        MemorySegment bytes = input.values();
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        for (int i = 0; i < count; i++) {
            if (input.isNull(i)) {
                builder.appendNull();
                continue;
            }
            int start = input.stringStart(i);
            int end = input.stringStart(i + 1);
            if (maxCharacters > 0) {
                int position = start;
                for (int character = 0; character < maxCharacters && position < end; character++) {
                    position += StringBytes.characterLength(bytes.get(ValueLayout.JAVA_BYTE, position));
                }
                end = Math.min(position, end);
            }
            int length = end - start;
            if (stripSpaces) {
                length = StringBytes.lengthWithoutTrailingSpaces(bytes, start, length);
            }
            builder.appendBytes(bytes, start, length);
        }
        return builder.build();
    }

    private ColumnVector toText(Page page, int[] positions, int count, PageAllocator allocator)
    {
        ColumnVector input = value.evaluate(page, positions, count, allocator);
        Type source = value.type();
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        MemorySegment scratch = allocator.allocate(64);
        byte[] decimalText = source.isLongDecimal() ? new byte[Int128Math.MAX_FORMATTED_LENGTH] : null;
        byte[] dateText = source.kind() == TypeKind.TIMESTAMP || source.kind() == TypeKind.DATE || source.isTimeOrInterval() ? new byte[Interval.MAX_FORMATTED_LENGTH] : null;
        for (int i = 0; i < count; i++) {
            if (input.isNull(i)) {
                builder.appendNull();
                continue;
            }
            int length = switch (source.kind()) {
                case INTEGER -> TextFormat.writeDecimal(scratch, input.getInt(i), 0);
                case BIGINT -> TextFormat.writeDecimal(scratch, input.getLong(i), 0);
                case DECIMAL -> decimalText != null
                        ? TextFormat.writeDecimal(scratch, input.getInt128High(i), input.getInt128Low(i), source.scale(), decimalText)
                        : TextFormat.writeDecimal(scratch, input.getLong(i), source.scale());
                case DATE -> TextFormat.writeDate(scratch, input.getInt(i), dateText);
                case TIMESTAMP -> TextFormat.writeTimestamp(scratch, input.getLong(i), dateText);
                case TIME -> TextFormat.copy(scratch, dateText, CivilTime.format(input.getLong(i), dateText, 0));
                case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> TextFormat.copy(scratch, dateText, Interval.format(source, input.getLong(i), dateText, 0));
                case BOOLEAN -> TextFormat.writeAscii(scratch, input.getBoolean(i) ? "true" : "false");
                case DOUBLE -> TextFormat.writeAscii(scratch, Double.toString(input.getDouble(i)));
                case REAL -> TextFormat.writeAscii(scratch, Float.toString((float) input.getDouble(i)));
                default -> throw new IllegalStateException("unreachable: " + source);
            };
            builder.appendBytes(scratch, 0, length);
        }
        ColumnVector text = builder.build();
        return type.length() > 0 ? stringToString(text, count, allocator) : text;
    }

    private ColumnVector fromText(ColumnVector input, int count, PageAllocator allocator)
    {
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        MemorySegment bytes = input.values();
        int[] end = new int[1];
        byte[] timestampText = new byte[type.kind() == TypeKind.TIMESTAMP || type.kind() == TypeKind.TIME ? CivilTimestamp.MAX_FORMATTED_LENGTH : 0];
        long[] scratch = new long[2];
        for (int i = 0; i < count; i++) {
            if (input.isNull(i)) {
                builder.appendNull();
                continue;
            }
            if (type.kind() == TypeKind.DATE) {
                builder.appendInt(TextFormat.parseDate(bytes, input.stringStart(i), input.stringLength(i)));
                continue;
            }
            if (type.kind() == TypeKind.TIMESTAMP) {
                builder.appendLong(TextFormat.parseTimestamp(bytes, input.stringStart(i), input.stringLength(i), timestampText, end));
                continue;
            }
            if (type.kind() == TypeKind.TIME) {
                builder.appendLong(TextFormat.parseTime(bytes, input.stringStart(i), input.stringLength(i), timestampText));
                continue;
            }
            // rare conversions: decode the text once per row
            String text = input.getString(i).strip();
            try {
                switch (type.kind()) {
                    case INTEGER -> builder.appendInt(Integer.parseInt(text));
                    case BIGINT -> builder.appendLong(Long.parseLong(text));
                    case DOUBLE -> builder.appendDouble(Double.parseDouble(text));
                    case REAL -> builder.appendDouble(Float.parseFloat(text));
                    case DECIMAL -> {
                        BigDecimal decimal = new BigDecimal(text).setScale(type.scale(), RoundingMode.HALF_UP);
                        if (decimal.precision() > type.precision() && decimal.signum() != 0) {
                            throw overflow();
                        }
                        if (type.isLongDecimal()) {
                            Int128Math.fromBigInteger(decimal.unscaledValue(), scratch);
                            builder.appendInt128(scratch[0], scratch[1]);
                        }
                        else {
                            builder.appendLong(decimal.unscaledValue().longValueExact());
                        }
                    }
                    case BOOLEAN -> {
                        if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
                            throw new NumberFormatException();
                        }
                        builder.appendBoolean(text.equalsIgnoreCase("true"));
                    }
                    case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> {
                        long interval = type.kind() == TypeKind.INTERVAL_YEAR_MONTH ? Interval.parseMonths(text) : Interval.parseMicros(text);
                        if (interval == Interval.INVALID) {
                            throw new SignoException(ErrorCode.INVALID_CAST, "Invalid " + type + " '" + text + "'"
                                    + (type.kind() == TypeKind.INTERVAL_YEAR_MONTH ? " (years and months: '1 year 2 months')" : " (days and a time: '3 days 04:05:06')"));
                        }
                        builder.appendLong(interval);
                    }
                    default -> throw new IllegalStateException("unreachable: " + type);
                }
            }
            catch (NumberFormatException e) {
                throw new SignoException(ErrorCode.INVALID_CAST, "Cannot cast '" + text + "' to " + type);
            }
        }
        return builder.build();
    }

    @Override
    public String toString()
    {
        return "CAST(" + value + " AS " + type + ")";
    }
}
