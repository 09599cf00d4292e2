package io.signo.core.operator.aggregation;

/**
 * Where an aggregation runs in a split plan. PARTIAL reads raw rows and emits intermediate columns
 * (see {@link AggregateCall#intermediateTypes()}); FINAL reads the group keys at channels
 * 0 .. g - 1 followed by those intermediate columns and emits final values; SINGLE does both at once.
 */
public enum AggregationStep
{
    SINGLE,
    PARTIAL,
    FINAL;

    public boolean readsRawInput()
    {
        return this != FINAL;
    }

    public boolean writesFinalValues()
    {
        return this != PARTIAL;
    }
}
