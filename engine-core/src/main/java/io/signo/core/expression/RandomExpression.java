package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.concurrent.ThreadLocalRandom;

/**
 * RANDOM(): a DOUBLE drawn uniformly from [0, 1) for every row. Not a constant: the planner must
 * neither fold it nor compute it once for several rows.
 */
public final class RandomExpression
        implements Expression
{
    RandomExpression() {}

    @Override
    public Type type()
    {
        return Type.DOUBLE;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = random.nextDouble();
        }
        return FixedWidthVectors.fromDoubles(Type.DOUBLE, values, count, null, allocator);
    }

    @Override
    public String toString()
    {
        return "RANDOM()";
    }
}
