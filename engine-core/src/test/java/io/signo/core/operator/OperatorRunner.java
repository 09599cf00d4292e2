package io.signo.core.operator;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Drives one operator the way a driver does (offer input while it needs input, drain output, finish,
 * drain until finished) and checks that close() returned all reserved memory.
 */
public final class OperatorRunner
{
    private final MemoryPool pool = MemoryPool.unbounded("test");
    private long peakReservedBytes;

    public MemoryPool pool()
    {
        return pool;
    }

    public long peakReservedBytes()
    {
        return peakReservedBytes;
    }

    public OperatorContext newContext(int driverIndex)
    {
        return new OperatorContext(pool, driverIndex);
    }

    public List<Page> run(OperatorFactory factory, List<Page> input)
    {
        OperatorContext context = newContext(0);
        Operator operator = factory.createOperator(context);
        List<Page> output = new ArrayList<>();
        try {
            for (Page page : input) {
                drain(operator, output, context);
                if (operator.isFinished()) {
                    break;
                }
                assertTrue(operator.needsInput(), "operator does not need input");
                operator.addInput(page);
                drain(operator, output, context);
            }
            operator.finish();
            for (int round = 0; !operator.isFinished(); round++) {
                assertTrue(round < 10_000_000, "operator never finishes");
                assertTrue(operator.isBlocked().isDone(), "operator is blocked");
                drain(operator, output, context);
            }
        }
        finally {
            operator.close();
        }
        assertEquals(0, context.memory().reservedBytes(), "memory still reserved after close");
        context.close();
        return output;
    }

    /** Pulls output until the operator has none ready. */
    public void drain(Operator operator, List<Page> output, OperatorContext context)
    {
        while (true) {
            peakReservedBytes = Math.max(peakReservedBytes, context.memory().reservedBytes());
            Page page = operator.getOutput();
            if (page == null) {
                return;
            }
            output.add(page);
        }
    }
}
