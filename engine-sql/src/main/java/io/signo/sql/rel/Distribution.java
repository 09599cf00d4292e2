package io.signo.sql.rel;

/**
 * How a node's rows are spread over the drivers (and, with the cluster, the workers) that produce
 * them. SINGLE: one stream, order can be kept. PARALLEL: any number of streams, rows anywhere.
 * HASH: rows with equal keys in the same stream.
 */
public enum Distribution
{
    SINGLE,
    PARALLEL,
    HASH
}
