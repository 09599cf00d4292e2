package io.signo.sql.rel;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a node's rows are spread over the nodes of the cluster. Within one node, rows are always
 * spread arbitrarily over its drivers; an operator that needs equal keys in one driver gets a
 * local exchange.
 *
 * <ul>
 * <li>SINGLE: all rows in one stream on one node (the coordinator): one driver, so order is kept.</li>
 * <li>PARTITIONED: rows with equal values of {@code keys} (output channels) are on the same worker,
 * placed by {@code scheme}: two inputs partitioned by the same scheme on their join keys are
 * co-located. Scheme {@value #HASH_SCHEME} is the hash of a repartitioning exchange.</li>
 * <li>REPLICATED: every worker holds all rows (the output of a broadcast).</li>
 * <li>ANY: rows anywhere on the workers.</li>
 * </ul>
 */
public record Distribution(Kind kind, String scheme, List<Integer> keys)
        implements Serializable
{
    public static final String HASH_SCHEME = "hash";

    public static final Distribution SINGLE = new Distribution(Kind.SINGLE, null, List.of());
    public static final Distribution ANY = new Distribution(Kind.ANY, null, List.of());
    public static final Distribution REPLICATED = new Distribution(Kind.REPLICATED, null, List.of());

    public enum Kind
    {
        SINGLE,
        PARTITIONED,
        REPLICATED,
        ANY
    }

    public Distribution
    {
        Objects.requireNonNull(kind, "kind is null");
        keys = List.copyOf(keys);
    }

    public static Distribution partitioned(String scheme, List<Integer> keys)
    {
        return new Distribution(Kind.PARTITIONED, scheme, keys);
    }

    public boolean isSingle()
    {
        return kind == Kind.SINGLE;
    }

    /** True when every row with equal values in {@code columns} is on the same worker. */
    public boolean isPartitionedWithin(List<Integer> columns)
    {
        return kind == Kind.PARTITIONED && !keys.isEmpty() && columns.containsAll(keys);
    }

    /**
     * This distribution after a projection: {@code sourceOfOutput[i]} is the input channel that
     * output channel i passes through unchanged, or -1. Partitioning survives only when every key is
     * passed through.
     */
    public Distribution project(int[] sourceOfOutput)
    {
        if (kind != Kind.PARTITIONED) {
            return this;
        }
        List<Integer> projected = new ArrayList<>();
        for (int key : keys) {
            int output = -1;
            for (int i = 0; i < sourceOfOutput.length; i++) {
                if (sourceOfOutput[i] == key) {
                    output = i;
                    break;
                }
            }
            if (output < 0) {
                return ANY;
            }
            projected.add(output);
        }
        return partitioned(scheme, projected);
    }

    @Override
    public String toString()
    {
        return switch (kind) {
            case PARTITIONED -> "PARTITIONED(" + scheme + " on " + keys + ")";
            default -> kind.name();
        };
    }
}
