package io.signo.sql.rel;

import io.signo.core.exchange.ExchangeKind;
import io.signo.storage.type.Type;

import java.util.List;

/**
 * Where the plan changes distribution: the sources' pages are gathered, hash partitioned,
 * broadcast or spread round robin to the next stage. Several sources make a UNION ALL.
 */
public record ExchangeNode(List<PlanNode> sources, ExchangeKind kind, List<Integer> hashChannels, double estimatedRows)
        implements PlanNode
{
    @Override
    public List<Type> outputTypes()
    {
        return sources.getFirst().outputTypes();
    }

    @Override
    public Distribution distribution()
    {
        return switch (kind) {
            case GATHER -> Distribution.SINGLE;
            case HASH -> Distribution.HASH;
            case BROADCAST, ROUND_ROBIN -> Distribution.PARALLEL;
        };
    }

    @Override
    public String describe()
    {
        return "Exchange[" + kind + (kind == ExchangeKind.HASH ? ", keys=" + hashChannels : "") + "]";
    }
}
