package io.signo.sql.translate;

import io.signo.core.exchange.Exchange;
import io.signo.sql.rel.ExchangeNode;

/**
 * Supplies the exchange between the nodes of a query for each remote exchange of its plan: in memory
 * when every node lives in this process, over the network when they are processes. Every node asks
 * for the same exchange number with the same shape, and must receive (an end of) the same exchange.
 */
public interface ExchangeProvider
{
    /**
     * @param exchangeId the exchange's number in the plan, the same on every node
     * @param partitionCount partitions over all nodes; partition p belongs to node p / partitionsPerNode
     * @param partitionsPerNode consecutive partitions each consuming node holds
     * @param producerCount producing drivers over all nodes
     * @param localProducerCount producing drivers on the asking node
     */
    Exchange exchange(int exchangeId, ExchangeNode node, int partitionCount, int partitionsPerNode, int producerCount, int localProducerCount);
}
