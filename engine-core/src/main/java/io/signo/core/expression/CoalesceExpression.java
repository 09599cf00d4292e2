package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.util.List;

import static java.util.Objects.requireNonNull;

/** The first non-NULL operand; each operand runs only where all earlier ones were NULL. */
public final class CoalesceExpression
        implements Expression
{
    final List<Expression> operands;
    final Type type;

    /** Operands must already have {@code type}. */
    CoalesceExpression(List<Expression> operands, Type type)
    {
        this.operands = List.copyOf(requireNonNull(operands, "operands is null"));
        this.type = requireNonNull(type, "type is null");
        if (this.operands.isEmpty()) {
            throw new IllegalArgumentException("COALESCE needs at least one operand");
        }
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        ColumnVector first = operands.get(0).evaluate(page, positions, count, allocator);
        if (first.nulls() == null || operands.size() == 1) {
            return first;
        }
        PiecewiseVectorBuilder builder = new PiecewiseVectorBuilder(type, count);
        int[] undecided = new int[count];
        int[] undecidedPositions = new int[count];
        int[] taken = new int[count];
        int[] takenIndexes = new int[count];
        for (int i = 0; i < count; i++) {
            undecided[i] = i;
            undecidedPositions[i] = positions == null ? i : positions[i];
        }
        int undecidedCount = count;
        ColumnVector vector = first;
        for (int operand = 0;;) {
            MemorySegment nulls = vector.nulls();
            int takenCount = 0;
            int remaining = 0;
            for (int j = 0; j < undecidedCount; j++) {
                if (nulls == null || !NullBitmap.isNull(nulls, j)) {
                    taken[takenCount] = undecided[j];
                    takenIndexes[takenCount++] = j;
                }
                else {
                    undecided[remaining] = undecided[j];
                    undecidedPositions[remaining++] = undecidedPositions[j];
                }
            }
            builder.add(vector, takenIndexes, taken, takenCount);
            undecidedCount = remaining;
            operand++;
            if (undecidedCount == 0 || operand == operands.size()) {
                break;
            }
            vector = operands.get(operand).evaluate(page, undecidedPositions, undecidedCount, allocator);
        }
        return builder.build(allocator);
    }

    @Override
    public String toString()
    {
        return "COALESCE" + operands;
    }
}
