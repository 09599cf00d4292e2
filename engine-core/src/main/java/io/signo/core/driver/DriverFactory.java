package io.signo.core.driver;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.memory.MemoryPool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One pipeline of a query: the operator factories from its source to its sink, and how many drivers
 * run it in parallel. Each driver gets its own operators, and adds what they did to the pipeline's
 * {@linkplain #statistics() counters} when it closes.
 */
public final class DriverFactory
{
    private final int pipelineId;
    private final List<OperatorFactory> operatorFactories;
    private final int driverCount;
    private final List<OperatorCounters> counters;

    public DriverFactory(int pipelineId, List<OperatorFactory> operatorFactories, int driverCount)
    {
        this(pipelineId, operatorFactories, driverCount, Collections.nCopies(operatorFactories.size(), -1));
    }

    /** @param planNodeIds the plan node each operator runs, one per factory; -1 for none */
    public DriverFactory(int pipelineId, List<OperatorFactory> operatorFactories, int driverCount, List<Integer> planNodeIds)
    {
        this.pipelineId = pipelineId;
        this.operatorFactories = List.copyOf(operatorFactories);
        this.driverCount = driverCount;
        if (operatorFactories.size() < 2) {
            throw new IllegalArgumentException("pipeline " + pipelineId + " needs a source and a sink");
        }
        if (driverCount < 1) {
            throw new IllegalArgumentException("driverCount must be positive: " + driverCount);
        }
        if (planNodeIds.size() != operatorFactories.size()) {
            throw new IllegalArgumentException("pipeline " + pipelineId + " has " + operatorFactories.size() + " operators but " + planNodeIds.size() + " plan node ids");
        }
        List<OperatorCounters> counters = new ArrayList<>(operatorFactories.size());
        for (int i = 0; i < operatorFactories.size(); i++) {
            counters.add(new OperatorCounters(planNodeIds.get(i), operatorFactories.get(i).name()));
        }
        this.counters = List.copyOf(counters);
    }

    public int pipelineId()
    {
        return pipelineId;
    }

    public List<OperatorFactory> operatorFactories()
    {
        return operatorFactories;
    }

    public int driverCount()
    {
        return driverCount;
    }

    /** The counters of the pipeline's operators, one per operator, which its drivers add to as they close. */
    public List<OperatorCounters> counters()
    {
        return counters;
    }

    /** What the pipeline's operators did, one entry per operator, summed over the drivers that closed so far. */
    public List<OperatorStatistics> statistics()
    {
        List<OperatorStatistics> statistics = new ArrayList<>(counters.size());
        for (OperatorCounters operator : counters) {
            statistics.add(operator.snapshot());
        }
        return statistics;
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
                int roundsReleasedBy = i == 0 && operatorFactories.get(i).allocatesInRounds() ? roundsReleasedBy() : -1;
                OperatorContext context;
                if (roundsReleasedBy > 0) {
                    context = OperatorContext.recyclingRounds(queryPool, driverIndex, consumerTakesSelectedRows, roundsReleasedBy);
                }
                else if (recyclesOutput) {
                    context = OperatorContext.recyclingOutput(queryPool, driverIndex, consumerTakesSelectedRows);
                }
                else {
                    context = new OperatorContext(queryPool, driverIndex, consumerTakesSelectedRows);
                }
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
        return new Driver(operators, contexts, counters);
    }

    /**
     * The operator that decides whether the source's rounds are reused: the first after it that keeps
     * nothing of its input, when at most one operator that passes its input on lies between (a scan,
     * a filter-and-project, an aggregation); -1 when there is none. The source starts a round only when
     * the operator right after it needs input, so with one operator between, nothing of the rounds
     * before is held there either.
     */
    private int roundsReleasedBy()
    {
        for (int i = 1; i <= 2 && i < operatorFactories.size(); i++) {
            OperatorFactory factory = operatorFactories.get(i);
            if (factory.keepsNothingOfInput()) {
                return i;
            }
            if (!factory.keepsInputOnlyInItsOutput()) {
                return -1;
            }
        }
        return -1;
    }
}
