package io.signo.bench.kernels;

import io.signo.core.operator.Operator;
import io.signo.storage.page.Page;
import org.openjdk.jmh.infra.Blackhole;

import java.util.List;

/** Drives one operator the way a driver does, in this thread: pages in, output drained, then finish. */
final class OperatorDriver
{
    private OperatorDriver() {}

    /** Feeds {@code pages}, finishes, and returns the number of output rows (each output page is consumed by {@code blackhole}). */
    static long run(Operator operator, List<Page> pages, Blackhole blackhole)
    {
        long outputRows = 0;
        try {
            awaitUnblocked(operator);
            for (Page page : pages) {
                while (!operator.needsInput()) {
                    outputRows += drainOne(operator, blackhole);
                    awaitUnblocked(operator);
                }
                operator.addInput(page);
                outputRows += drainOne(operator, blackhole);
            }
            operator.finish();
            while (!operator.isFinished()) {
                awaitUnblocked(operator);
                outputRows += drainOne(operator, blackhole);
            }
        }
        finally {
            operator.close();
        }
        return outputRows;
    }

    private static long drainOne(Operator operator, Blackhole blackhole)
    {
        Page output = operator.getOutput();
        if (output == null) {
            return 0;
        }
        blackhole.consume(output);
        return output.positionCount();
    }

    private static void awaitUnblocked(Operator operator)
    {
        operator.isBlocked().join();
    }
}
