package io.signo.net.exchange;

import io.signo.net.transport.LinkRate;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkCompressionTest
{
    /** A link whose measurements the test sets. */
    private static final class TestingLink
            implements LinkRate
    {
        double bytesPerSecond;
        long lastBusyNanos;

        @Override
        public double bytesPerSecond()
        {
            return bytesPerSecond;
        }

        @Override
        public long lastBusyNanos()
        {
            return lastBusyNanos;
        }
    }

    @Test
    void aLinkThatWasNeverTheLimitIsNotWorthCompressingFor()
    {
        TestingLink link = new TestingLink();
        LinkCompression compression = new LinkCompression(link);
        assertFalse(compression.shouldCompress(System.nanoTime()));
        // and a measurement of fast compression does not change that
        compression.compressed(1 << 20, 1 << 19, 1_000_000);
        assertFalse(compression.shouldCompress(System.nanoTime()));
    }

    @Test
    void aBusyLinkIsProbedOnceThenDecidedByTheMeasuredRates()
    {
        TestingLink link = new TestingLink();
        LinkCompression compression = new LinkCompression(link);
        long now = System.nanoTime();
        link.lastBusyNanos = now;
        link.bytesPerSecond = 125e6;
        assertTrue(compression.shouldCompress(now), "without a measurement of LZ4 on this data, one message is compressed to measure it");
        assertFalse(compression.shouldCompress(now + 1), "one probe per interval");

        // 1 MiB in 2 ms (500 MB/s) to half its size: min(500, 2 × 125) MB/s beats 125 MB/s
        compression.compressed(1 << 20, 1 << 19, 2_000_000);
        assertEquals(2.0, compression.ratio(), 1e-9);
        assertTrue(compression.shouldCompress(now), "a 1 Gbit/s link is the limit");

        link.bytesPerSecond = 3e9;
        assertFalse(compression.shouldCompress(now), "a link faster than compressing");

        link.bytesPerSecond = 125e6;
        assertFalse(compression.shouldCompress(now + LinkCompression.IDLE_LINK_NANOS + 1), "a link that has not been the limit for a second");
    }

    @Test
    void dataThatDoesNotCompressIsSentRawEvenOnASlowLink()
    {
        TestingLink link = new TestingLink();
        LinkCompression compression = new LinkCompression(link);
        long now = System.nanoTime();
        link.lastBusyNanos = now;
        link.bytesPerSecond = 125e6;
        compression.compressed(1 << 20, (1 << 20) - 1000, 2_000_000);
        assertFalse(compression.shouldCompress(now));
    }
}
