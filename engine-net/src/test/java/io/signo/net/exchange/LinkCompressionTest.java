package io.signo.net.exchange;

import io.signo.net.transport.LinkRate;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkCompressionTest
{
    /** A link whose socket measurements the test sets. */
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

    private static void measured(LinkCompression compression, long rawBytes, long compressedBytes, long nanos)
    {
        for (int sample = 0; sample < LinkCompression.TRUSTED_SAMPLES; sample++) {
            compression.compressed(rawBytes, compressedBytes, nanos);
        }
    }

    @Test
    void aDestinationOnThisHostIsNeverCompressedFor()
    {
        TestingLink link = new TestingLink();
        LinkCompression compression = new LinkCompression(link, true);
        long now = System.nanoTime();
        link.lastBusyNanos = now;
        link.bytesPerSecond = 50e6;
        measured(compression, 1 << 20, 1 << 18, 1_000_000);
        assertFalse(compression.shouldCompress(now), "both ends share this host's CPU: compressing cannot relieve a memory copy");
    }

    @Test
    void aPathThatWasNeverTheLimitIsNotWorthCompressingFor()
    {
        LinkCompression compression = new LinkCompression(new TestingLink(), false);
        long now = System.nanoTime();
        assertFalse(compression.shouldCompress(now));
        // fast compression alone does not change that
        measured(compression, 1 << 20, 1 << 19, 1_000_000);
        assertFalse(compression.shouldCompress(now));
        // nor a busy consumer: its sender waits for credit, but the consumer is never idle
        compression.delivered(10 << 20, now);
        compression.delivered(10 << 20, now + 100_000_000);
        compression.channelSample(0.9, 0.05, now + 100_000_000);
        assertFalse(compression.shouldCompress(now + 100_000_000));
    }

    @Test
    void aBusySocketIsProbedOnceThenDecidedByTheMeasuredRatesAndTheChoiceIsHeldThenMadeAgain()
    {
        TestingLink link = new TestingLink();
        LinkCompression compression = new LinkCompression(link, false);
        long now = System.nanoTime();
        link.lastBusyNanos = now;
        link.bytesPerSecond = 125e6;
        assertTrue(compression.shouldCompress(now), "without a measurement of LZ4 on this data, one message is compressed to measure it");
        assertFalse(compression.shouldCompress(now + 1), "one probe per interval");

        // 1 MiB in 2 ms (500 MB/s) to half its size: min(500, 2 × 125) MB/s beats 125 MB/s; the first sample is slow
        compression.compressed(1 << 20, 1 << 19, 50_000_000);
        for (int probe = 1; probe < LinkCompression.TRUSTED_SAMPLES; probe++) {
            assertTrue(compression.shouldCompress(now + probe * LinkCompression.PROBE_INTERVAL_NANOS), "probes until a few samples are in");
            compression.compressed(1 << 20, 1 << 19, 2_000_000);
        }
        now += LinkCompression.TRUSTED_SAMPLES * LinkCompression.PROBE_INTERVAL_NANOS;
        link.lastBusyNanos = now;
        assertEquals(2.0, compression.ratio(), 1e-9);
        assertTrue(compression.shouldCompress(now + 2), "a 1 Gbit/s link is the limit");
        link.bytesPerSecond = 3e9;
        assertTrue(compression.shouldCompress(now + 3), "the choice holds for a while");
        long later = now + 2 + LinkCompression.HOLD_NANOS;
        assertFalse(compression.shouldCompress(later), "then it is made again from uncompressed messages");
        link.lastBusyNanos = later + 10;
        assertFalse(compression.shouldCompress(later + 20), "a link faster than compressing");
    }

    @Test
    void aSenderWaitingForCreditWhileItsConsumerIdlesShowsALinkHiddenBehindTheKernelsBuffers()
    {
        LinkCompression compression = new LinkCompression(new TestingLink(), false);
        long now = System.nanoTime();
        measured(compression, 1 << 20, 1 << 19, 2_000_000);
        // the consumers take 120 MB/s of wire bytes while senders wait for credit and consumers for pages
        compression.delivered(1, now);
        compression.delivered(12_000_000, now + 100_000_000);
        compression.channelSample(0.7, 0.6, now + 100_000_000);
        assertEquals(120e6, compression.deliveredBytesPerSecond(), 1e6);
        assertTrue(compression.shouldCompress(now + 100_000_001));
    }

    @Test
    void dataThatDoesNotCompressIsSentRawEvenOnASlowLink()
    {
        TestingLink link = new TestingLink();
        LinkCompression compression = new LinkCompression(link, false);
        long now = System.nanoTime();
        link.lastBusyNanos = now;
        link.bytesPerSecond = 125e6;
        measured(compression, 1 << 20, (1 << 20) - 1000, 2_000_000);
        assertFalse(compression.shouldCompress(now));
    }
}
