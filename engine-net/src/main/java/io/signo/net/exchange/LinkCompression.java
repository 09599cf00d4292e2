package io.signo.net.exchange;

import io.signo.net.transport.LinkMonitor;
import io.signo.net.transport.LinkRate;

import static java.util.Objects.requireNonNull;

/**
 * Decides, per destination process, whether messages are worth compressing, from live counters:
 * the rate the link takes bytes while it is the limit ({@link LinkMonitor}) against the rate this
 * process compresses and the ratio it gets. Uncompressed, a sink moves at most the link's rate B;
 * compressed at most {@code min(C, r × B)} (compressing at C raw bytes per second, ratio r). It
 * compresses while that is at least 25% more. A link that has not been the limit for a second is
 * not worth compressing for: that is loopback and any network faster than the sender, and also a
 * link that compression relieved, so every second or so the choice is checked again with
 * uncompressed messages. Without a recent measurement of C and r (they depend on the data), one
 * message is compressed to measure them, at most every {@link #PROBE_INTERVAL_NANOS}.
 *
 * <p>Thread safe: sinks of any query ask and report; the decision is a few volatile reads.
 */
public final class LinkCompression
{
    static final long IDLE_LINK_NANOS = 1_000_000_000L;
    static final long PROBE_INTERVAL_NANOS = 500_000_000L;
    static final long SAMPLE_VALIDITY_NANOS = 5_000_000_000L;
    private static final double MIN_GAIN = 1.25;

    private final LinkRate link;
    private volatile double compressBytesPerSecond;
    private volatile double ratio;
    private volatile long lastSampleNanos;
    private volatile long lastProbeNanos;

    public LinkCompression(LinkRate link)
    {
        this.link = requireNonNull(link, "link is null");
    }

    public LinkRate link()
    {
        return link;
    }

    /** Whether the next message to this destination should be compressed. */
    public boolean shouldCompress(long now)
    {
        long lastBusy = link.lastBusyNanos();
        if (lastBusy == 0 || now - lastBusy > IDLE_LINK_NANOS) {
            return false;
        }
        if (lastSampleNanos == 0 || now - lastSampleNanos > SAMPLE_VALIDITY_NANOS) {
            if (now - lastProbeNanos < PROBE_INTERVAL_NANOS) {
                return false;
            }
            lastProbeNanos = now;
            return true;
        }
        double linkRate = link.bytesPerSecond();
        double compressedRate = Math.min(compressBytesPerSecond, ratio * linkRate);
        return compressedRate >= MIN_GAIN * linkRate;
    }

    /** A sink compressed {@code rawBytes} to {@code compressedBytes} in {@code nanos}. */
    public void compressed(long rawBytes, long compressedBytes, long nanos)
    {
        if (rawBytes <= 0 || compressedBytes <= 0 || nanos <= 0) {
            return;
        }
        double speed = rawBytes * 1e9 / nanos;
        double sampleRatio = (double) rawBytes / compressedBytes;
        double previousSpeed = compressBytesPerSecond;
        compressBytesPerSecond = previousSpeed == 0 ? speed : 0.75 * previousSpeed + 0.25 * speed;
        double previousRatio = ratio;
        ratio = previousRatio == 0 ? sampleRatio : 0.75 * previousRatio + 0.25 * sampleRatio;
        lastSampleNanos = System.nanoTime();
    }

    /** Raw bytes per second this process compresses to this destination (smoothed), 0 before the first sample. */
    public double compressBytesPerSecond()
    {
        return compressBytesPerSecond;
    }

    /** Raw bytes per compressed byte (smoothed), 0 before the first sample. */
    public double ratio()
    {
        return ratio;
    }
}
