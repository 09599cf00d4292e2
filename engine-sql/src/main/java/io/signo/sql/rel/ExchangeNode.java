package io.signo.sql.rel;

import io.signo.core.exchange.ExchangeKind;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;

import java.util.List;

/**
 * Where the plan changes distribution: the sources' pages are gathered, hash partitioned,
 * broadcast or spread round robin to the next stage. Several sources make a UNION ALL.
 *
 * @param tableBuckets above 0, a hash exchange that brings each row to the node holding its
 *        partition of a stored table of that many partitions, for the table's writer there
 */
public record ExchangeNode(List<PlanNode> sources, ExchangeKind kind, Scope scope, List<Integer> hashChannels, double estimatedRows, int tableBuckets)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public ExchangeNode
    {
        sources = List.copyOf(sources);
        hashChannels = List.copyOf(hashChannels);
        checkSameColumnTypes(sources);
    }

    /** The sources of a UNION ALL send pages the next stage reads (and a remote exchange encodes) as the first source's types. */
    private static void checkSameColumnTypes(List<PlanNode> sources)
    {
        List<Type> types = sources.getFirst().outputTypes();
        for (PlanNode source : sources.subList(1, sources.size())) {
            List<Type> sourceTypes = source.outputTypes();
            boolean same = sourceTypes.size() == types.size();
            for (int i = 0; same && i < types.size(); i++) {
                same = sourceTypes.get(i).storedLike(types.get(i));
            }
            if (!same) {
                throw new SignoException(ErrorCode.INTERNAL_ERROR, "the inputs of an exchange have different column types: " + types + " and " + sourceTypes);
            }
        }
    }

    @Override
    public List<Type> outputTypes()
    {
        return sources.getFirst().outputTypes();
    }

    /** REMOTE moves rows between nodes (a stage boundary); LOCAL only between the drivers of each node. */
    public enum Scope
    {
        REMOTE,
        LOCAL
    }

    public static ExchangeNode remote(PlanNode source, ExchangeKind kind, List<Integer> hashChannels)
    {
        return new ExchangeNode(List.of(source), kind, Scope.REMOTE, hashChannels, source.estimatedRows(), 0);
    }

    /** Brings each row to the node that holds its partition of a stored table of {@code partitions} partitioned on {@code keyChannels}. */
    public static ExchangeNode toTablePartitions(PlanNode source, List<Integer> keyChannels, int partitions)
    {
        return new ExchangeNode(List.of(source), ExchangeKind.HASH, Scope.REMOTE, keyChannels, source.estimatedRows(), partitions);
    }

    public static ExchangeNode gather(PlanNode source)
    {
        return remote(source, ExchangeKind.GATHER, List.of());
    }

    @Override
    public Distribution distribution()
    {
        if (scope == Scope.LOCAL) {
            return sources.getFirst().distribution();
        }
        return switch (kind) {
            case GATHER -> Distribution.SINGLE;
            // placed by a table's partitions, not by the hash the other exchanges share
            case HASH -> tableBuckets > 0 ? Distribution.ANY : Distribution.partitioned(Distribution.HASH_SCHEME, hashChannels);
            case BROADCAST -> Distribution.REPLICATED;
            case ROUND_ROBIN -> Distribution.ANY;
        };
    }

    @Override
    public String describe()
    {
        return (scope == Scope.LOCAL ? "LocalExchange[" : "RemoteExchange[") + kind + (kind == ExchangeKind.HASH ? ", keys=" + hashChannels : "")
                + (tableBuckets > 0 ? ", table partitions=" + tableBuckets : "") + "]";
    }
}
