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
            for (int i = 0; i < operatorFactories.size(); i++) {
                OperatorFactory consumer = i + 1 < operatorFactories.size() ? operatorFactories.get(i + 1) : null;
                boolean consumerTakesSelectedRows = consumer != null && consumer.takesSelectedRows();
                boolean recyclesOutput = consumer != null && consumer.keepsNothingOfInput() && operatorFactories.get(i).allocatesOnlyItsNextOutput();
                OperatorContext context = recyclesOutput
                        ? OperatorContext.recyclingOutput(queryPool, driverIndex, consumerTakesSelectedRows)
                        : new OperatorContext(queryPool, driverIndex, consumerTakesSelectedRows);
                contexts.add(context);
                operators.add(operatorFactories.get(i).createOperator(context));
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
