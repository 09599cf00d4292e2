package io.signo.sql.fragment;

/**
 * The shape of one remote exchange as one node sees it: how its partitions spread over the nodes and
 * how many drivers feed it.
 *
 * @param exchangeId the exchange's number in the plan, the same on every node
 * @param partitionCount partitions over all nodes; partition p belongs to node p / partitionsPerNode
 * @param partitionsPerNode consecutive partitions each consuming node holds
 * @param producerCount producing drivers over all nodes
 * @param localProducerCount producing drivers on the node asking
 */
public record ExchangeLayout(int exchangeId, int partitionCount, int partitionsPerNode, int producerCount, int localProducerCount) {}
