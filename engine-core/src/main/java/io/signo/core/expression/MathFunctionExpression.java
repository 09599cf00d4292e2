package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.util.List;

import static java.util.Objects.requireNonNull;

/** A {@link MathFunction} of one or two numbers of any numeric type, as a DOUBLE. */
public final class MathFunctionExpression
        implements Expression
{
    final MathFunction function;
    final List<Expression> arguments;

    MathFunctionExpression(MathFunction function, List<Expression> arguments)
    {
        this.function = requireNonNull(function, "function is null");
        this.arguments = List.copyOf(requireNonNull(arguments, "arguments is null"));
        if (arguments.size() != function.argumentCount()) {
            throw new IllegalArgumentException(function + " takes " + function.argumentCount() + " arguments, got " + arguments.size());
        }
        for (Expression argument : arguments) {
            if (!argument.type().isNumeric()) {
                throw new IllegalArgumentException(function + " of " + argument.type());
            }
        }
    }

    @Override
    public Type type()
    {
        return Type.DOUBLE;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        DoubleValues first = DoubleValues.evaluate(arguments.getFirst(), page, positions, count, allocator);
        double[] values = first.values();
        MemorySegment nulls = first.nulls();
        switch (function) {
            case SQRT -> {
                for (int i = 0; i < count; i++) {
                    values[i] = Math.sqrt(values[i]);
                }
            }
            case CBRT -> {
                for (int i = 0; i < count; i++) {
                    values[i] = Math.cbrt(values[i]);
                }
            }
            case LN -> {
                for (int i = 0; i < count; i++) {
                    values[i] = Math.log(values[i]);
                }
            }
            case LOG10 -> {
                for (int i = 0; i < count; i++) {
                    values[i] = Math.log10(values[i]);
                }
            }
            case EXP -> {
                for (int i = 0; i < count; i++) {
                    values[i] = Math.exp(values[i]);
                }
            }
            case POWER, LOG -> {
                DoubleValues second = DoubleValues.evaluate(arguments.get(1), page, positions, count, allocator);
                double[] others = second.values();
                nulls = NullBitmap.union(nulls, second.nulls(), count, allocator);
                if (function == MathFunction.POWER) {
                    for (int i = 0; i < count; i++) {
                        values[i] = Math.pow(values[i], others[i]);
                    }
                }
                else {
                    for (int i = 0; i < count; i++) {
                        values[i] = Math.log10(others[i]) / Math.log10(values[i]);
                    }
                }
            }
        }
        return FixedWidthVectors.fromDoubles(Type.DOUBLE, values, count, nulls, allocator);
    }

    @Override
    public String toString()
    {
        return function + arguments.toString();
    }
}
