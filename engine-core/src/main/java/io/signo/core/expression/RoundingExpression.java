package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.math.RoundingMode;

import static java.util.Objects.requireNonNull;

/**
 * ROUND (half away from zero), TRUNC (toward zero), FLOOR and CEIL of a number to {@code digits}
 * places after the point, or before it when negative; the digits are a constant. Exact values
 * (DECIMAL, INTEGER, BIGINT) round on their unscaled longs and keep the result type's scale, which
 * must hold the digits kept (DuckDB's types: {@code ROUND(DECIMAL(p, s), d)} is a
 * {@code DECIMAL(p, min(max(d, 0), s))}); a result the type cannot hold is NUMERIC_OVERFLOW. DOUBLE and
 * REAL values compute as DuckDB 2.0.0 does: the value times 10^digits, rounded, divided back, so the
 * product decides (2.675 * 100 is 267.5 in doubles, and ROUND(2.675, 2) is 2.68 though the double
 * 2.675 lies below the half); when the result is not finite the value is returned as it is.
 */
public final class RoundingExpression
        implements Expression
{
    final RoundingMode mode;
    final Expression value;
    final int digits;
    final Type type;

    RoundingExpression(RoundingMode mode, Expression value, int digits, Type type)
    {
        this.mode = requireNonNull(mode, "mode is null");
        this.value = requireNonNull(value, "value is null");
        this.digits = digits;
        this.type = requireNonNull(type, "type is null");
        if (mode != RoundingMode.HALF_UP && mode != RoundingMode.DOWN && mode != RoundingMode.FLOOR && mode != RoundingMode.CEILING) {
            throw new IllegalArgumentException("rounding mode " + mode);
        }
        Type valueType = value.type();
        if (!valueType.isNumeric() || !type.isNumeric() || valueType.isFloatingPoint() != type.isFloatingPoint()) {
            throw new IllegalArgumentException(name() + " of " + valueType + " as " + type);
        }
        if (!valueType.isFloatingPoint() && type.scale() < Math.min(digits, valueType.scale())) {
            throw new IllegalArgumentException(name() + " to " + digits + " digits of " + valueType + " as " + type + ", which has fewer");
        }
    }

    private String name()
    {
        return switch (mode) {
            case HALF_UP -> "ROUND";
            case DOWN -> "TRUNC";
            case FLOOR -> "FLOOR";
            default -> "CEIL";
        };
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (type.isFloatingPoint()) {
            DoubleValues input = DoubleValues.evaluate(value, page, positions, count, allocator);
            roundDoubles(input.values(), count);
            return FixedWidthVectors.fromDoubles(type, input.values(), count, input.nulls(), allocator);
        }
        if (value.type().isLongDecimal() || type.isLongDecimal()) {
            return roundLongDecimal(page, positions, count, allocator);
        }
        LongValues input = LongValues.evaluate(value, page, positions, count, allocator);
        long[] values = input.values();
        roundExact(values, count);
        ColumnVector vector = FixedWidthVectors.fromLongs(type, values, count, input.nulls(), allocator);
        LongScratch.giveBack(values);
        return vector;
    }

    /**
     * Rounds unscaled values of the input's scale s to the digits kept, min(digits, s), then writes them
     * at the result's scale. Null slots hold 0 and stay 0.
     */
    private void roundExact(long[] values, int count)
    {
        int inputScale = value.type().scale();
        int kept = Math.min(digits, inputScale);
        int dropped = inputScale - kept;
        if (dropped > 0) {
            if (dropped >= 19) {
                // 10^dropped is beyond any long: every value is a fraction of one unit of it
                roundBelowOneUnit(values, count, dropped == 19);
            }
            else {
                divide(values, count, Decimals.powerOfTen(dropped));
            }
        }
        int scaleUp = type.scale() - kept;
        try {
            for (int i = 0; i < count; i++) {
                long rounded = values[i];
                values[i] = rounded == 0 || scaleUp == 0 ? rounded : Math.multiplyExact(rounded, Decimals.powerOfTen(scaleUp));
            }
        }
        catch (ArithmeticException e) {
            throw overflow();
        }
        checkRange(values, count);
    }

    /** {@link #roundExact} in 128 bits, for a long DECIMAL input or result. */
    private ColumnVector roundLongDecimal(Page page, int[] positions, int count, PageAllocator allocator)
    {
        Int128Values input = Int128Values.evaluate(value, page, positions, count, allocator);
        long[] high = input.high();
        long[] low = input.low();
        int inputScale = value.type().scale();
        int kept = Math.min(digits, inputScale);
        int dropped = inputScale - kept;
        int scaleUp = type.scale() - kept;
        long[] scratch = new long[4];
        try {
            for (int i = 0; i < count; i++) {
                if (dropped > 0) {
                    roundInt128(high[i], low[i], dropped, scratch);
                    high[i] = scratch[0];
                    low[i] = scratch[1];
                }
                Int128Math.multiplyByPowerOfTen(high[i], low[i], scaleUp, scratch);
                high[i] = scratch[0];
                low[i] = scratch[1];
            }
        }
        catch (ArithmeticException e) {
            throw overflow();
        }
        for (int i = 0; i < count; i++) {
            boolean fits = switch (type.kind()) {
                case DECIMAL -> Int128Math.fitsPrecision(high[i], low[i], type.precision());
                case INTEGER -> Int128Math.fitsInLong(high[i], low[i]) && low[i] == (int) low[i];
                default -> Int128Math.fitsInLong(high[i], low[i]);
            };
            if (!fits) {
                throw overflow();
            }
        }
        if (type.isLongDecimal()) {
            return FixedWidthVectors.fromInt128(type, high, low, count, input.nulls(), allocator);
        }
        return FixedWidthVectors.fromLongs(type, low, count, input.nulls(), allocator);
    }

    /** (high, low) divided by 10^dropped in this expression's rounding mode, into {@code result[0..1]}. */
    private void roundInt128(long high, long low, int dropped, long[] result)
    {
        int sign = Int128Math.signum(high, low);
        if (dropped > Int128Math.MAX_DIGITS) {
            // every 128-bit value is below half a unit of 10^39
            long unit = switch (mode) {
                case FLOOR -> sign < 0 ? -1 : 0;
                case CEILING -> sign > 0 ? 1 : 0;
                default -> 0;
            };
            result[0] = unit >> 63;
            result[1] = unit;
            return;
        }
        if (mode == RoundingMode.HALF_UP) {
            Int128Math.divideByPowerOfTenRoundHalfUp(high, low, dropped, result);
            return;
        }
        Int128Math.divideTruncating(high, low, Int128Math.powerOfTenHigh(dropped), Int128Math.powerOfTenLow(dropped), result);
        int remainderSign = Int128Math.signum(result[2], result[3]);
        long adjustment = mode == RoundingMode.FLOOR && remainderSign < 0 ? -1 : mode == RoundingMode.CEILING && remainderSign > 0 ? 1 : 0;
        if (adjustment != 0) {
            Int128Math.add(result[0], result[1], adjustment >> 63, adjustment, result);
        }
    }

    private void divide(long[] values, int count, long divisor)
    {
        switch (mode) {
            case HALF_UP -> {
                for (int i = 0; i < count; i++) {
                    values[i] = Decimals.divideRoundHalfUp(values[i], divisor);
                }
            }
            case DOWN -> {
                for (int i = 0; i < count; i++) {
                    values[i] = values[i] / divisor;
                }
            }
            case FLOOR -> {
                for (int i = 0; i < count; i++) {
                    values[i] = Math.floorDiv(values[i], divisor);
                }
            }
            default -> {
                for (int i = 0; i < count; i++) {
                    long v = values[i];
                    values[i] = v / divisor + (v % divisor > 0 ? 1 : 0);
                }
            }
        }
    }

    /** Rounding to a unit of 10^19 or more, which every long is smaller than: to -1, 0 or 1 such unit. */
    private void roundBelowOneUnit(long[] values, int count, boolean unitIsTenToThe19)
    {
        long half = 5_000_000_000_000_000_000L;
        for (int i = 0; i < count; i++) {
            long v = values[i];
            values[i] = switch (mode) {
                case HALF_UP -> unitIsTenToThe19 && (v >= half || v <= -half) ? Long.signum(v) : 0;
                case DOWN -> 0;
                case FLOOR -> v < 0 ? -1 : 0;
                default -> v > 0 ? 1 : 0;
            };
        }
    }

    private void checkRange(long[] values, int count)
    {
        switch (type.kind()) {
            case DECIMAL -> Decimals.checkPrecision(values, count, type.precision());
            case INTEGER -> {
                for (int i = 0; i < count; i++) {
                    if (values[i] != (int) values[i]) {
                        throw overflow();
                    }
                }
            }
            default -> {
            }
        }
    }

    private SignoException overflow()
    {
        return new SignoException(ErrorCode.NUMERIC_OVERFLOW, type.kind() == TypeKind.DECIMAL ? Decimals.OVERFLOW : type + " overflow in " + name());
    }

    private void roundDoubles(double[] values, int count)
    {
        if (digits == 0) {
            switch (mode) {
                case HALF_UP -> {
                    for (int i = 0; i < count; i++) {
                        values[i] = roundHalfAwayFromZero(values[i]);
                    }
                }
                case DOWN -> {
                    for (int i = 0; i < count; i++) {
                        double v = values[i];
                        values[i] = v < 0 ? Math.ceil(v) : Math.floor(v);
                    }
                }
                case FLOOR -> {
                    for (int i = 0; i < count; i++) {
                        values[i] = Math.floor(values[i]);
                    }
                }
                default -> {
                    for (int i = 0; i < count; i++) {
                        values[i] = Math.ceil(values[i]);
                    }
                }
            }
            return;
        }
        double modifier = Math.pow(10, Math.abs(digits));
        boolean after = digits > 0;
        for (int i = 0; i < count; i++) {
            double v = values[i];
            double scaled = after ? v * modifier : v / modifier;
            double rounded = switch (mode) {
                case HALF_UP -> roundHalfAwayFromZero(scaled);
                case DOWN -> scaled < 0 ? Math.ceil(scaled) : Math.floor(scaled);
                case FLOOR -> Math.floor(scaled);
                default -> Math.ceil(scaled);
            };
            double result = after ? rounded / modifier : rounded * modifier;
            // as DuckDB: a result that is not finite gives the value back (to digits before the point, 0)
            values[i] = Double.isFinite(result) ? result : after ? v : 0;
        }
    }

    /** C's round(): to the nearest integer, halves away from zero (Math.round rounds them up). */
    private static double roundHalfAwayFromZero(double v)
    {
        double truncated = v < 0 ? Math.ceil(v) : Math.floor(v);
        // exact: a double minus its integer part
        return Math.abs(v - truncated) >= 0.5 ? truncated + Math.copySign(1.0, v) : truncated;
    }

    @Override
    public String toString()
    {
        return name() + "(" + value + ", " + digits + "):" + type;
    }
}
