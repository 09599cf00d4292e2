package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Int128Math;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * GREATEST and LEAST of operands of one type (the planner casts them to it): NULLs are skipped and
 * the result is NULL only when every operand is, as in DuckDB and PostgreSQL. Numbers, dates and
 * timestamps compare by value (NaN above every other DOUBLE), strings by their UTF-8 bytes, which
 * is code point order.
 */
public final class ExtremumExpression
        implements Expression
{
    final boolean greatest;
    final List<Expression> operands;
    final Type type;

    ExtremumExpression(boolean greatest, List<Expression> operands, Type type)
    {
        this.greatest = greatest;
        this.operands = List.copyOf(requireNonNull(operands, "operands is null"));
        this.type = requireNonNull(type, "type is null");
        if (operands.isEmpty()) {
            throw new IllegalArgumentException(name() + " of no operands");
        }
        for (Expression operand : operands) {
            if (!operand.type().equals(type)) {
                throw new IllegalArgumentException(name() + " of " + operand.type() + " among " + type + " operands");
            }
        }
    }

    private String name()
    {
        return greatest ? "GREATEST" : "LEAST";
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        if (type.isString()) {
            return evaluateStrings(page, positions, count, allocator);
        }
        if (type.physicalType() == PhysicalType.DOUBLE) {
            return evaluateDoubles(page, positions, count, allocator);
        }
        if (type.isLongDecimal()) {
            return evaluateInt128(page, positions, count, allocator);
        }
        return evaluateLongs(page, positions, count, allocator);
    }

    /** The operands all have the result type, so their unscaled values compare as they are. */
    private ColumnVector evaluateInt128(Page page, int[] positions, int count, PageAllocator allocator)
    {
        Int128Values first = Int128Values.evaluate(operands.getFirst(), page, positions, count, allocator);
        long[] bestHigh = first.high();
        long[] bestLow = first.low();
        byte[] nullFlags = nullFlags(first.nulls(), count);
        for (int operand = 1; operand < operands.size(); operand++) {
            Int128Values next = Int128Values.evaluate(operands.get(operand), page, positions, count, allocator);
            long[] high = next.high();
            long[] low = next.low();
            MemorySegment nulls = next.nulls();
            nullFlags = nullFlags == null && nulls != null ? new byte[count] : nullFlags;
            for (int i = 0; i < count; i++) {
                if (nulls != null && NullBitmap.isNull(nulls, i)) {
                    continue;
                }
                int comparison = Int128Math.compare(high[i], low[i], bestHigh[i], bestLow[i]);
                if ((nullFlags != null && nullFlags[i] != 0) || (greatest ? comparison > 0 : comparison < 0)) {
                    bestHigh[i] = high[i];
                    bestLow[i] = low[i];
                    if (nullFlags != null) {
                        nullFlags[i] = 0;
                    }
                }
            }
        }
        return FixedWidthVectors.fromInt128(type, bestHigh, bestLow, count, nullFlags == null ? null : NullBitmap.fromFlags(nullFlags, count, allocator), allocator);
    }

    private ColumnVector evaluateLongs(Page page, int[] positions, int count, PageAllocator allocator)
    {
        LongValues first = LongValues.evaluate(operands.getFirst(), page, positions, count, allocator);
        long[] best = first.values();
        byte[] nullFlags = nullFlags(first.nulls(), count);
        for (int operand = 1; operand < operands.size(); operand++) {
            LongValues next = LongValues.evaluate(operands.get(operand), page, positions, count, allocator);
            long[] values = next.values();
            MemorySegment nulls = next.nulls();
            if (nullFlags == null && nulls == null) {
                for (int i = 0; i < count; i++) {
                    best[i] = greatest ? Math.max(best[i], values[i]) : Math.min(best[i], values[i]);
                }
            }
            else {
                nullFlags = nullFlags == null ? new byte[count] : nullFlags;
                for (int i = 0; i < count; i++) {
                    if (nulls != null && NullBitmap.isNull(nulls, i)) {
                        continue;
                    }
                    if (nullFlags[i] != 0 || (greatest ? values[i] > best[i] : values[i] < best[i])) {
                        best[i] = values[i];
                        nullFlags[i] = 0;
                    }
                }
            }
            LongScratch.giveBack(values);
        }
        ColumnVector vector = FixedWidthVectors.fromLongs(type, best, count, nullFlags == null ? null : NullBitmap.fromFlags(nullFlags, count, allocator), allocator);
        LongScratch.giveBack(best);
        return vector;
    }

    private ColumnVector evaluateDoubles(Page page, int[] positions, int count, PageAllocator allocator)
    {
        DoubleValues first = DoubleValues.evaluate(operands.getFirst(), page, positions, count, allocator);
        double[] best = first.values();
        byte[] nullFlags = nullFlags(first.nulls(), count);
        for (int operand = 1; operand < operands.size(); operand++) {
            DoubleValues next = DoubleValues.evaluate(operands.get(operand), page, positions, count, allocator);
            double[] values = next.values();
            MemorySegment nulls = next.nulls();
            if (nullFlags == null && nulls == null) {
                for (int i = 0; i < count; i++) {
                    best[i] = pick(best[i], values[i]);
                }
            }
            else {
                nullFlags = nullFlags == null ? new byte[count] : nullFlags;
                for (int i = 0; i < count; i++) {
                    if (nulls != null && NullBitmap.isNull(nulls, i)) {
                        continue;
                    }
                    best[i] = nullFlags[i] != 0 ? values[i] : pick(best[i], values[i]);
                    nullFlags[i] = 0;
                }
            }
        }
        return FixedWidthVectors.fromDoubles(type, best, count, nullFlags == null ? null : NullBitmap.fromFlags(nullFlags, count, allocator), allocator);
    }

    /** Orders as {@link DoubleOrder}: NaN above everything, -0.0 equal to 0.0 (the first one stays). */
    private double pick(double current, double candidate)
    {
        int comparison = DoubleOrder.compare(candidate, current);
        return (greatest ? comparison > 0 : comparison < 0) ? candidate : current;
    }

    private ColumnVector evaluateStrings(Page page, int[] positions, int count, PageAllocator allocator)
    {
        StringOperand[] strings = new StringOperand[operands.size()];
        for (int operand = 0; operand < strings.length; operand++) {
            strings[operand] = StringOperand.evaluate(operands.get(operand), page, positions, count, allocator);
        }
        // the operand each row takes its value from, -1 while all were NULL
        int[] chosen = new int[count];
        Arrays.fill(chosen, -1);
        for (int operand = 0; operand < strings.length; operand++) {
            StringOperand candidate = strings[operand];
            MemorySegment nulls = candidate.nulls();
            for (int i = 0; i < count; i++) {
                if (nulls != null && NullBitmap.isNull(nulls, i)) {
                    continue;
                }
                int current = chosen[i];
                if (current < 0) {
                    chosen[i] = operand;
                    continue;
                }
                StringOperand best = strings[current];
                int comparison = StringBytes.compare(candidate.bytes(), candidate.start(i), candidate.end(i) - candidate.start(i),
                        best.bytes(), best.start(i), best.end(i) - best.start(i));
                if (greatest ? comparison > 0 : comparison < 0) {
                    chosen[i] = operand;
                }
            }
        }
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        for (int i = 0; i < count; i++) {
            if (chosen[i] < 0) {
                builder.appendNull();
                continue;
            }
            StringOperand value = strings[chosen[i]];
            int start = value.start(i);
            builder.appendBytes(value.bytes(), start, value.end(i) - start);
        }
        return builder.build();
    }

    /** Heap flags (1 = NULL so far) from a bitmap, or null when it is absent. */
    private static byte[] nullFlags(MemorySegment nulls, int count)
    {
        if (nulls == null) {
            return null;
        }
        byte[] flags = new byte[count];
        for (int i = 0; i < count; i++) {
            flags[i] = NullBitmap.isNull(nulls, i) ? (byte) 1 : 0;
        }
        return flags;
    }

    @Override
    public String toString()
    {
        return name() + operands;
    }
}
