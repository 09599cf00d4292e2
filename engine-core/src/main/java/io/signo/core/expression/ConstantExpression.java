package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.CivilTime;
import io.signo.storage.type.CivilTimestamp;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

import static java.util.Objects.requireNonNull;

/**
 * A literal. Holds its value in the physical form of its type, so kernels that see a constant
 * operand read a scalar instead of a vector. String bytes live in native memory: hot loops compare
 * them against native vectors and must never see a heap segment (see DESIGN.md).
 */
public final class ConstantExpression
        implements Expression
{
    final Type type;
    final boolean isNull;
    final long longValue;
    /** The value's high word in 128 bits: a long DECIMAL's, else the sign of {@link #longValue}; {@link #longValue} holds the low word. */
    final long int128High;
    final double doubleValue;
    final MemorySegment bytes;
    final Object value;

    /**
     * @param value null, or the Java form of the value: Boolean; Integer for INTEGER; Integer (days
     * since 1970-01-01) or LocalDate for DATE; Long (microseconds since 1970-01-01) or LocalDateTime for
     * TIMESTAMP; Long (microseconds since midnight) or LocalTime for TIME; Long for TIMESTAMP WITH TIME
     * ZONE (microseconds since 1970-01-01 UTC) and the intervals (months, microseconds); Long for BIGINT; BigDecimal for DECIMAL (rescaled HALF_UP
     * to the type's scale; an Integer, Long or BigInteger is taken as the unscaled value, as
     * {@link ColumnVector#getObject} returns it); any Number for DOUBLE; String for VARCHAR and CHAR
     * (CHAR drops trailing spaces).
     */
    ConstantExpression(Type type, Object value)
    {
        this.type = requireNonNull(type, "type is null");
        this.isNull = value == null;
        long longForm = 0;
        long highForm = 0;
        double doubleForm = 0;
        MemorySegment byteForm = null;
        Object normalized = value;
        if (value != null) {
            switch (type.kind()) {
                case BOOLEAN -> longForm = ((Boolean) value) ? 1 : 0;
                case INTEGER -> longForm = Math.toIntExact(((Number) value).longValue());
                case BIGINT -> longForm = ((Number) value).longValue();
                case DATE -> longForm = value instanceof LocalDate date ? Math.toIntExact(date.toEpochDay()) : ((Number) value).intValue();
                case TIMESTAMP -> longForm = value instanceof LocalDateTime timestamp ? CivilTimestamp.fromLocalDateTime(timestamp) : ((Number) value).longValue();
                case TIME -> longForm = value instanceof LocalTime time ? CivilTime.fromLocalTime(time) : ((Number) value).longValue();
                case TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> longForm = ((Number) value).longValue();
                case DECIMAL -> {
                    BigInteger unscaled;
                    if (value instanceof BigDecimal decimal) {
                        BigDecimal scaled = decimal.setScale(type.scale(), RoundingMode.HALF_UP);
                        if (scaled.precision() > Math.max(type.precision(), 1) && scaled.signum() != 0) {
                            throw Decimals.overflow();
                        }
                        unscaled = scaled.unscaledValue();
                    }
                    else if (value instanceof BigInteger integer) {
                        unscaled = integer;
                    }
                    else {
                        unscaled = BigInteger.valueOf(((Number) value).longValue());
                    }
                    if (type.isLongDecimal()) {
                        long[] words = new long[2];
                        Int128Math.fromBigInteger(unscaled, words);
                        highForm = words[0];
                        longForm = words[1];
                    }
                    else {
                        longForm = unscaled.longValueExact();
                    }
                    doubleForm = new BigDecimal(unscaled, type.scale()).doubleValue();
                }
                case DOUBLE -> doubleForm = ((Number) value).doubleValue();
                case REAL -> doubleForm = ((Number) value).floatValue();
                case VARCHAR, CHAR -> {
                    String string = (String) value;
                    if (type.kind() == TypeKind.CHAR) {
                        string = string.stripTrailing();
                    }
                    normalized = string;
                    byte[] utf8 = string.getBytes(StandardCharsets.UTF_8);
                    byteForm = Arena.ofAuto().allocate(Math.max(utf8.length, 1));
                    MemorySegment.copy(utf8, 0, byteForm, ValueLayout.JAVA_BYTE, 0, utf8.length);
                    byteForm = byteForm.asSlice(0, utf8.length);
                }
            }
            if (!type.isFloatingPoint() && type.kind() != TypeKind.DECIMAL) {
                doubleForm = longForm;
            }
        }
        this.longValue = longForm;
        this.int128High = type.isLongDecimal() ? highForm : longForm >> 63;
        this.doubleValue = doubleForm;
        this.bytes = byteForm;
        this.value = normalized;
    }

    @Override
    public Type type()
    {
        return type;
    }

    public boolean isNull()
    {
        return isNull;
    }

    /** The Java form this constant was built from (CHAR without trailing spaces), or null. */
    public Object value()
    {
        return value;
    }

    /** BOOLEAN as 0/1, INTEGER, DATE, BIGINT, or DECIMAL unscaled. */
    long longValue()
    {
        return longValue;
    }

    /** The high word of the value in 128 bits (its low word is {@link #longValue}): a long DECIMAL's, else {@link #longValue} sign-extended. */
    long int128High()
    {
        return int128High;
    }

    /** Numeric value as a double (DECIMAL divided by its scale). */
    double doubleValue()
    {
        return doubleValue;
    }

    /** UTF-8 bytes of a string constant in native memory. */
    MemorySegment bytes()
    {
        return bytes;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (isNull) {
            MemorySegment nulls = NullBitmap.allNull(count, allocator);
            if (type.isString()) {
                return new ColumnVector(type, count, allocator.allocate(0), allocator.allocate((long) (count + 1) * Integer.BYTES), nulls);
            }
            return new ColumnVector(type, count, allocator.allocate((long) count * Math.max(type.physicalType().fixedWidth(), 1)), null, nulls);
        }
        switch (type.physicalType()) {
            case BYTE -> {
                MemorySegment values = allocator.allocate(count);
                values.fill((byte) longValue);
                return new ColumnVector(type, count, values, null, null);
            }
            case INT -> {
                MemorySegment values = allocator.allocate((long) count * Integer.BYTES);
                for (int i = 0; i < count; i++) {
                    values.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, (int) longValue);
                }
                return new ColumnVector(type, count, values, null, null);
            }
            case LONG -> {
                MemorySegment values = allocator.allocate((long) count * Long.BYTES);
                for (int i = 0; i < count; i++) {
                    values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, longValue);
                }
                return new ColumnVector(type, count, values, null, null);
            }
            case INT128 -> {
                MemorySegment values = allocator.allocate((long) count * 2 * Long.BYTES);
                for (int i = 0; i < count; i++) {
                    values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 2L * i, longValue);
                    values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 2L * i + 1, int128High);
                }
                return new ColumnVector(type, count, values, null, null);
            }
            case DOUBLE -> {
                MemorySegment values = allocator.allocate((long) count * Double.BYTES);
                for (int i = 0; i < count; i++) {
                    values.setAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, i, doubleValue);
                }
                return new ColumnVector(type, count, values, null, null);
            }
            case BYTES -> {
                int length = (int) bytes.byteSize();
                MemorySegment values = allocator.allocate((long) length * count);
                MemorySegment offsets = allocator.allocate((long) (count + 1) * Integer.BYTES);
                for (int i = 0; i < count; i++) {
                    MemorySegment.copy(bytes, 0, values, (long) i * length, length);
                    offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i + 1, (i + 1) * length);
                }
                return new ColumnVector(type, count, values, offsets, null);
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /**
     * The value in a form that serializes with java.lang and java.math types only: a LocalDate
     * becomes its days since 1970-01-01, a LocalDateTime and a LocalTime their microseconds, which the
     * constructor takes as the same DATE, TIMESTAMP and TIME.
     */
    static Object serializableValue(Object value)
    {
        return switch (value) {
            case LocalDate date -> Math.toIntExact(date.toEpochDay());
            case LocalDateTime timestamp -> CivilTimestamp.fromLocalDateTime(timestamp);
            case LocalTime time -> CivilTime.fromLocalTime(time);
            case null, default -> value;
        };
    }

    // the string bytes live in native memory: ship the Java value and rebuild the constant from it
    @Serial
    private Object writeReplace()
    {
        return new SerializedConstant(type, serializableValue(value));
    }

    @Serial
    private void readObject(ObjectInputStream in)
            throws InvalidObjectException
    {
        throw new InvalidObjectException("ConstantExpression is read through its serialization proxy");
    }

    private record SerializedConstant(Type type, Object value)
            implements Serializable
    {
        @Serial
        private Object readResolve()
        {
            return new ConstantExpression(type, value);
        }
    }

    @Override
    public String toString()
    {
        return isNull ? "NULL:" + type : value + ":" + type;
    }
}
