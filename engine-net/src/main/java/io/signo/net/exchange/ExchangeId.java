package io.signo.net.exchange;

import static java.util.Objects.requireNonNull;

/** Names one exchange of one query in every process taking part: the query and the exchange's number in its plan. */
public record ExchangeId(String queryId, int exchangeNumber)
{
    public ExchangeId
    {
        requireNonNull(queryId, "queryId is null");
    }

    /**
     * Written out rather than the record's own, which goes through a method-handle chain: every
     * exchange frame an event loop reads looks its exchange up by this key, a few times per query,
     * so the lookup runs for a long time in the JIT's first tiers, where the chain costs microseconds.
     */
    @Override
    public boolean equals(Object other)
    {
        return other instanceof ExchangeId id && exchangeNumber == id.exchangeNumber && queryId.equals(id.queryId);
    }

    @Override
    public int hashCode()
    {
        return 31 * queryId.hashCode() + exchangeNumber;
    }

    @Override
    public String toString()
    {
        return queryId + "/" + exchangeNumber;
    }
}
