package io.signo.core.exchange;

/** How an exchange routes pages from producers to consumer partitions. */
public enum ExchangeKind
{
    /** Every page to partition 0: a single consumer (ordered output, final steps). */
    GATHER,
    /** Each row to the partition chosen by a hash of its key columns. */
    HASH,
    /** Every page to every partition. */
    BROADCAST,
    /** Pages spread evenly over partitions, whole. */
    ROUND_ROBIN
}
