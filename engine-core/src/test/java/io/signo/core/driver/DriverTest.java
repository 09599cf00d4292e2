package io.signo.core.driver;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DriverTest
{
    /** A failed query closes its drivers from another thread, possibly after one was scheduled for its next quantum. */
    @Test
    void aClosedDriverRunsNoOperatorAgain()
    {
        CountingSink sink = new CountingSink();
        MemoryPool pool = MemoryPool.unbounded("driver-test");
        Driver driver = new Driver(List.of(new EndlessSource(), sink), List.of(new OperatorContext(pool, 0), new OperatorContext(pool, 0)));
        driver.process(1_000_000);
        assertTrue(sink.pages > 0, "the open driver moves pages");
        int before = sink.pages;
        driver.close();
        assertTrue(sink.closed);
        driver.process(1_000_000);
        assertEquals(before, sink.pages, "a closed sink got pages");
        assertTrue(driver.isFinished());
    }

    private static final class EndlessSource
            implements Operator
    {
        @Override
        public boolean needsInput()
        {
            return false;
        }

        @Override
        public void addInput(Page page)
        {
            throw new UnsupportedOperationException();
        }

        @Override
        public Page getOutput()
        {
            VectorBuilder builder = new VectorBuilder(Type.BIGINT, 1);
            builder.appendLong(1);
            return new Page(1, builder.build());
        }

        @Override
        public void finish() {}

        @Override
        public boolean isFinished()
        {
            return false;
        }
    }

    private static final class CountingSink
            implements Operator
    {
        int pages;
        boolean closed;

        @Override
        public boolean needsInput()
        {
            return true;
        }

        @Override
        public void addInput(Page page)
        {
            pages++;
        }

        @Override
        public Page getOutput()
        {
            return null;
        }

        @Override
        public void finish() {}

        @Override
        public boolean isFinished()
        {
            return false;
        }

        @Override
        public void close()
        {
            closed = true;
        }
    }
}
