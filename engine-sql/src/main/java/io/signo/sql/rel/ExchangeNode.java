package io.signo.sql.rel;

import io.signo.core.exchange.ExchangeKind;
import io.signo.storage.type.Type;

import java.util.List;

/**
 * Where the plan changes distribution: the sources' pages are gathered, hash partitioned,
 * broadcast or spread round robin to the next stage. Several sources make a UNION ALL.
 */
public record ExchangeNode(List<PlanNode> sources, ExchangeKind kind, Scope scope, List<Integer> hashChannels, double estimatedRows)
        implements PlanNode
{
    // plain immutable JDK lists: the planner passes Calcite lists, which neither serialize nor stay put
    public ExchangeNode
    {
        sources = List.copyOf(sources);
        hashChannels = List.copyOf(hashChannels);
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
        return new ExchangeNode(List.of(source), kind, Scope.REMOTE, hashChannels, source.estimatedRows());
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
            case HASH -> Distribution.partitioned(Distribution.HASH_SCHEME, hashChannels);
            case BROADCAST -> Distribution.REPLICATED;
            case ROUND_ROBIN -> Distribution.ANY;
        };
    }

    @Override
    public String describe()
    {
        return (scope == Scope.LOCAL ? "LocalExchange[" : "RemoteExchange[") + kind + (kind == ExchangeKind.HASH ? ", keys=" + hashChannels : "") + "]";
    }
}
