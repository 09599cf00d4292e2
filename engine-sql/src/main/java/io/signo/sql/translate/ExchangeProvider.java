package io.signo.sql.translate;

import io.signo.core.exchange.Exchange;
import io.signo.core.operator.scan.SplitSupplier;
import io.signo.sql.fragment.ExchangeLayout;
import io.signo.sql.fragment.SharedSplitScans;
import io.signo.sql.rel.ExchangeNode;

/**
 * Supplies the exchange between the nodes of a query for each remote exchange of its plan: in memory
 * when every node lives in this process, over the network when they are processes. Every node asks
 * for the same exchange number with the same shape, and must receive (an end of) the same exchange.
 */
public interface ExchangeProvider
{
    Exchange exchange(ExchangeNode node, ExchangeLayout layout);

    /**
     * Where this node's drivers of scan number {@code scanIndex} of {@link SharedSplitScans#of} get
     * their splits as they ask; null to read the node's own share (partition p on worker p mod the
     * workers), fixed up front, as every node in one process does.
     */
    default SplitSupplier splits(int scanIndex)
    {
        return null;
    }
}
