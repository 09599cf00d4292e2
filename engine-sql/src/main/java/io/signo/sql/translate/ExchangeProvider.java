package io.signo.sql.translate;

import io.signo.core.exchange.Exchange;
import io.signo.core.operator.join.RuntimeFilterPublisher;
import io.signo.core.operator.join.RuntimeFilterSource;
import io.signo.core.operator.scan.SplitSupplier;
import io.signo.sql.fragment.ExchangeLayout;
import io.signo.sql.fragment.SharedSplitScans;
import io.signo.sql.rel.ExchangeNode;
import io.signo.storage.type.Type;

import java.util.List;

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

    /**
     * The runtime filter of join {@code joinNumber} (see {@link RuntimeFilterPlan}) as this node's
     * probe scans beyond an exchange read it: the union of the keys that {@code expectedPartials}
     * nodes' builds publish through {@link #runtimeFilterPublisher}. The same for every call with the
     * same join number. Null when this provider carries no runtime filters: the scans go without.
     */
    default RuntimeFilterSource runtimeFilter(int joinNumber, int expectedPartials, List<Type> keyTypes)
    {
        return null;
    }

    /** Where this node's build of join {@code joinNumber} publishes its keys for {@link #runtimeFilter}; null when the provider carries none. */
    default RuntimeFilterPublisher runtimeFilterPublisher(int joinNumber, int expectedPartials, List<Type> keyTypes)
    {
        return null;
    }
}
