package io.signo.core.driver;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.memory.MemoryPool;

import java.util.ArrayList;
import java.util.List;

/**
 * One pipeline of a query: the operator factories from its source to its sink, and how many drivers
 * run it in parallel. Each driver gets its own operators.
 */
public record DriverFactory(int pipelineId, List<OperatorFactory> operatorFactories, int driverCount)
{
    public DriverFactory
    {
        operatorFactories = List.copyOf(operatorFactories);
        if (operatorFactories.size() < 2) {
            throw new IllegalArgumentException("pipeline " + pipelineId + " needs a source and a sink");
        }
        if (driverCount < 1) {
            throw new IllegalArgumentException("driverCount must be positive: " + driverCount);
        }
    }

    public Driver createDriver(int driverIndex, MemoryPool queryPool)
    {
        List<Operator> operators = new ArrayList<>();
        List<OperatorContext> contexts = new ArrayList<>();
        try {
            for (OperatorFactory factory : operatorFactories) {
                OperatorContext context = new OperatorContext(queryPool, driverIndex);
                contexts.add(context);
                operators.add(factory.createOperator(context));
            }
        }
        catch (RuntimeException e) {
            for (Operator operator : operators) {
                operator.close();
            }
            contexts.forEach(OperatorContext::close);
            throw e;
        }
        return new Driver(operators, contexts);
    }
}
