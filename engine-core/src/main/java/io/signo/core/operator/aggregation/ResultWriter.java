package io.signo.core.operator.aggregation;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/** Writes exact and approximate aggregate results into a builder of the call's output type, checking they fit. */
final class ResultWriter
{
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    private ResultWriter() {}

    /** 10^exponent for exponents 0 to 18. */
    static long powerOfTen(int exponent)
    {
        return POWERS_OF_TEN[exponent];
    }

    static SignoException decimalOverflow()
    {
        return new SignoException(ErrorCode.NUMERIC_OVERFLOW, "Decimal overflow");
    }

    /** Writes the exact number {@code unscaled / 10^scale} as {@code outputType}. */
    static void writeExact(BigDecimal value, Type outputType, RoundingMode rounding, VectorBuilder builder)
    {
        switch (outputType.kind()) {
            case DECIMAL -> {
                BigInteger unscaled = value.setScale(outputType.scale(), rounding).unscaledValue();
                if (outputType.isLongDecimal()) {
                    long[] words = new long[2];
                    if (unscaled.bitLength() > 127) {
                        throw decimalOverflow();
                    }
                    Int128Math.fromBigInteger(unscaled, words);
                    if (!Int128Math.fitsPrecision(words[0], words[1], outputType.precision())) {
                        throw decimalOverflow();
                    }
                    builder.appendInt128(words[0], words[1]);
                    return;
                }
                if (unscaled.bitLength() > 63 || (outputType.precision() <= 18 && unscaled.abs().longValue() >= POWERS_OF_TEN[outputType.precision()])) {
                    throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, "Decimal overflow");
                }
                builder.appendLong(unscaled.longValue());
            }
            case BIGINT -> {
                BigInteger integer = value.setScale(0, rounding).unscaledValue();
                if (integer.bitLength() > 63) {
                    throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, "BIGINT overflow: " + integer);
                }
                builder.appendLong(integer.longValue());
            }
            case INTEGER -> {
                BigInteger integer = value.setScale(0, rounding).unscaledValue();
                if (integer.bitLength() > 31) {
                    throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, "INTEGER overflow: " + integer);
                }
                builder.appendInt(integer.intValue());
            }
            case DOUBLE -> builder.appendDouble(value.doubleValue());
            case REAL -> builder.appendDouble(value.floatValue());
            default -> throw new IllegalArgumentException("not a numeric output type: " + outputType);
        }
    }

    /** Writes an exact sum {@code (high, low) / 10^scale}, taking the fast path when it fits a long at the same scale. */
    static void writeExactSum(long high, long low, int scale, Type outputType, VectorBuilder builder)
    {
        if (outputType.isLongDecimal() && outputType.scale() == scale) {
            if (!Int128Math.fitsPrecision(high, low, outputType.precision())) {
                throw decimalOverflow();
            }
            builder.appendInt128(high, low);
            return;
        }
        if (Int128.fitsInLong(high, low)) {
            switch (outputType.kind()) {
                case BIGINT -> {
                    if (scale == 0) {
                        builder.appendLong(low);
                        return;
                    }
                }
                case DECIMAL -> {
                    if (scale == outputType.scale()) {
                        if (outputType.precision() <= 18 && (low == Long.MIN_VALUE || Math.abs(low) >= POWERS_OF_TEN[outputType.precision()])) {
                            throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, "Decimal overflow");
                        }
                        builder.appendLong(low);
                        return;
                    }
                }
                default -> {
                }
            }
        }
        writeExact(new BigDecimal(Int128.toBigInteger(high, low), scale), outputType, RoundingMode.HALF_UP, builder);
    }

    /** Writes the average {@code (high, low) / 10^scale / count}: DECIMAL rounds half up, integer types truncate. */
    static void writeExactAverage(long high, long low, int scale, long count, Type outputType, VectorBuilder builder)
    {
        if (outputType.isFloatingPoint()) {
            double sum = Int128.fitsInLong(high, low) ? (double) low : Int128.toBigInteger(high, low).doubleValue();
            double average = sum / count / Math.pow(10, scale);
            builder.appendDouble(outputType.kind() == io.signo.storage.type.TypeKind.REAL ? (float) average : average);
            return;
        }
        if (outputType.isLongDecimal() && outputType.scale() == scale) {
            long[] quotient = new long[2];
            Int128Math.divideRoundHalfUp(high, low, 0, count, quotient);
            if (!Int128Math.fitsPrecision(quotient[0], quotient[1], outputType.precision())) {
                throw decimalOverflow();
            }
            builder.appendInt128(quotient[0], quotient[1]);
            return;
        }
        if (Int128.fitsInLong(high, low) && outputType.kind() == io.signo.storage.type.TypeKind.DECIMAL && outputType.scale() == scale) {
            long quotient = low / count;
            long remainder = low % count;
            if (Math.abs(remainder) >= count - Math.abs(remainder)) {
                quotient += low < 0 ? -1 : 1;
            }
            if (outputType.precision() <= 18 && Math.abs(quotient) >= POWERS_OF_TEN[outputType.precision()]) {
                throw new SignoException(ErrorCode.NUMERIC_OVERFLOW, "Decimal overflow");
            }
            builder.appendLong(quotient);
            return;
        }
        if (outputType.kind() == io.signo.storage.type.TypeKind.DECIMAL && outputType.scale() > scale) {
            // AVG of a DECIMAL(p, s) is wider than its argument (see SignoTypeSystem): sum * 10^(scale difference) / count, rounded half up, in 128 bits
            long[] quotient = new long[2];
            try {
                Int128Math.divideScaled(high, low, outputType.scale() - scale, 0, count, quotient);
            }
            catch (ArithmeticException e) {
                throw decimalOverflow();
            }
            if (!Int128Math.fitsPrecision(quotient[0], quotient[1], outputType.precision())) {
                throw decimalOverflow();
            }
            if (outputType.isLongDecimal()) {
                builder.appendInt128(quotient[0], quotient[1]);
            }
            else {
                builder.appendLong(quotient[1]);
            }
            return;
        }
        BigDecimal sum = new BigDecimal(Int128.toBigInteger(high, low), scale);
        boolean truncate = outputType.kind() != io.signo.storage.type.TypeKind.DECIMAL;
        int resultScale = truncate ? 0 : outputType.scale();
        BigDecimal average = sum.divide(BigDecimal.valueOf(count), resultScale, truncate ? RoundingMode.DOWN : RoundingMode.HALF_UP);
        writeExact(average, outputType, RoundingMode.HALF_UP, builder);
    }

    /** Appends a normalized long as the given type's layout. */
    static void writeLong(long value, Type type, VectorBuilder builder)
    {
        switch (type.physicalType()) {
            case BYTE -> builder.appendBoolean(value != 0);
            case INT -> builder.appendInt((int) value);
            case LONG -> builder.appendLong(value);
            case DOUBLE -> builder.appendDouble(Double.longBitsToDouble(value));
            case INT128, BYTES -> throw new IllegalArgumentException("not a fixed-width type: " + type);
        }
    }
}
