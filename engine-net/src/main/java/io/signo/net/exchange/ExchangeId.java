package io.signo.net.exchange;

import static java.util.Objects.requireNonNull;

/** Names one exchange of one query in every process taking part: the query and the exchange's number in its plan. */
public record ExchangeId(String queryId, int exchangeNumber)
{
    public ExchangeId
    {
        requireNonNull(queryId, "queryId is null");
    }

    @Override
    public String toString()
    {
        return queryId + "/" + exchangeNumber;
    }
}
