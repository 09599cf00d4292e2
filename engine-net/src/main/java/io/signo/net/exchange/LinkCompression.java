package io.signo.net.exchange;

import io.signo.net.transport.LinkMonitor;
import io.signo.net.transport.LinkRate;

import static java.util.Objects.requireNonNull;

/**
 * Decides, per destination process, whether messages are worth compressing, from live counters.
 *
 * <p><b>Is the path the limit?</b> Either the socket backs up ({@link LinkMonitor}: writes wait
 * behind earlier ones, and complete at the link's rate), or, since the kernel's buffers hide a slow
 * link from the process, the channels to the destination show it: a sender waits for credit while
 * its consumer waits for pages (each at least {@link #LIMITED_FRACTION} of the time), so neither end
 * is busy and the bytes are in between. Its rate B is then the socket's rate, or the wire bytes the
 * consumers take per second (credit returned) over all channels to the destination.
 *
 * <p><b>Does compressing pay?</b> Uncompressed, the path moves B raw bytes per second; compressed, at
 * most {@code min(C, r × B)}, compressing at C raw bytes per second with ratio r (both measured on
 * the messages compressed, per destination, as they depend on the data and the CPU). It compresses
 * when that is at least {@link #MIN_GAIN} times B. Without recent measurements of C and r (at least
 * {@link #TRUSTED_SAMPLES}), one message is compressed to take one, at most every {@link #PROBE_INTERVAL_NANOS}.
 *
 * <p><b>Never to this host.</b> To a process on the same host the "link" is a memory copy by the same
 * CPUs that would compress and decompress: compressing can only cost. On a crowded host a loopback
 * socket can look slow (the reader is not scheduled), which the rates above would read as a slow link.
 *
 * <p><b>Re-checked as the query runs.</b> Compressing relieves the path, so its signals fade; the
 * choice is therefore held for {@link #HOLD_NANOS} and then made again from uncompressed messages.
 * Loopback and links faster than compressing end up uncompressed; a 1 Gbit/s link compressed.
 *
 * <p>Thread safe: sinks ask and report compression samples, channels report credit; the decision is
 * a few volatile reads except when it changes.
 */
public final class LinkCompression
{
    static final long IDLE_LINK_NANOS = 1_000_000_000L;
    static final long PROBE_INTERVAL_NANOS = 100_000_000L;
    /** Compression speed and ratio are trusted after this many samples: the first compression of a process is slow (cold code and memory). */
    static final int TRUSTED_SAMPLES = 3;
    static final long SAMPLE_VALIDITY_NANOS = 5_000_000_000L;
    static final long HOLD_NANOS = 2_000_000_000L;
    static final double LIMITED_FRACTION = 0.2;
    static final double MIN_GAIN = 1.25;
    private static final long RATE_SAMPLE_NANOS = 20_000_000;
    /** Path measurements older than this do not decide. */
    private static final long PATH_VALIDITY_NANOS = 200_000_000;

    private final LinkRate link;
    private final boolean sameHost;
    private volatile double compressBytesPerSecond;
    private volatile double ratio;
    private volatile long lastSampleNanos;
    private volatile int sampleCount;
    private volatile long lastProbeNanos;

    // the consumers' side of the path, from credit
    private final Object pathLock = new Object();
    private long deliveredSampleStart;
    private long deliveredSampleBytes;
    private volatile double deliveredBytesPerSecond;
    private volatile long lastPathLimitedNanos;

    private volatile boolean compressing;
    private volatile long decidedNanos;

    /** @param sameHost the destination runs on this host (loopback or one of this host's addresses) */
    public LinkCompression(LinkRate link, boolean sameHost)
    {
        this.link = requireNonNull(link, "link is null");
        this.sameHost = sameHost;
    }

    public LinkRate link()
    {
        return link;
    }

    /** Whether the next message to this destination should be compressed. */
    public boolean shouldCompress(long now)
    {
        if (sameHost) {
            return false;
        }
        if (compressing) {
            if (now - decidedNanos < HOLD_NANOS) {
                return true;
            }
            synchronized (pathLock) {
                compressing = false;
                decidedNanos = now;
            }
            return false;
        }
        double pathRate = limitingRate(now);
        if (pathRate <= 0) {
            return false;
        }
        if (sampleCount < TRUSTED_SAMPLES || now - lastSampleNanos > SAMPLE_VALIDITY_NANOS) {
            if (now - lastProbeNanos < PROBE_INTERVAL_NANOS) {
                return false;
            }
            lastProbeNanos = now;
            return true;
        }
        double compressedRate = Math.min(compressBytesPerSecond, ratio * pathRate);
        if (compressedRate < MIN_GAIN * pathRate) {
            return false;
        }
        synchronized (pathLock) {
            compressing = true;
            decidedNanos = now;
        }
        return true;
    }

    /**
     * The rate of the path while it is the limit and measured since the choice was last made (so from
     * uncompressed messages), or 0 when it is not the limit.
     */
    private double limitingRate(long now)
    {
        long since = decidedNanos;
        long socketBusy = link.lastBusyNanos();
        if (socketBusy != 0 && socketBusy > since && now - socketBusy <= IDLE_LINK_NANOS) {
            return link.bytesPerSecond();
        }
        long pathLimited = lastPathLimitedNanos;
        if (pathLimited != 0 && pathLimited > since && now - pathLimited <= PATH_VALIDITY_NANOS) {
            return deliveredBytesPerSecond;
        }
        return 0;
    }

    /** A channel to this destination got credit for {@code bytes} more consumed wire bytes. */
    void delivered(long bytes, long now)
    {
        synchronized (pathLock) {
            if (deliveredSampleStart == 0) {
                deliveredSampleStart = now;
            }
            deliveredSampleBytes += bytes;
            long elapsed = now - deliveredSampleStart;
            if (elapsed >= RATE_SAMPLE_NANOS) {
                double rate = deliveredSampleBytes * 1e9 / elapsed;
                double previous = deliveredBytesPerSecond;
                deliveredBytesPerSecond = previous == 0 ? rate : 0.5 * previous + 0.5 * rate;
                deliveredSampleStart = now;
                deliveredSampleBytes = 0;
            }
        }
    }

    /** A channel to this destination measured its sender waiting for credit and its consumer for pages, each {@code waitFraction} and {@code idleFraction} of the time. */
    void channelSample(double waitFraction, double idleFraction, long now)
    {
        if (waitFraction >= LIMITED_FRACTION && idleFraction >= LIMITED_FRACTION) {
            lastPathLimitedNanos = now;
        }
    }

    /** A sink compressed {@code rawBytes} to {@code compressedBytes} in {@code nanos}. */
    public void compressed(long rawBytes, long compressedBytes, long nanos)
    {
        if (rawBytes <= 0 || compressedBytes <= 0 || nanos <= 0) {
            return;
        }
        double speed = rawBytes * 1e9 / nanos;
        double sampleRatio = (double) rawBytes / compressedBytes;
        synchronized (pathLock) {
            // the first samples replace each other (the very first one is slow); later ones are smoothed
            boolean early = sampleCount < TRUSTED_SAMPLES;
            compressBytesPerSecond = early ? Math.max(compressBytesPerSecond, speed) : 0.75 * compressBytesPerSecond + 0.25 * speed;
            ratio = early || ratio == 0 ? sampleRatio : 0.75 * ratio + 0.25 * sampleRatio;
            lastSampleNanos = System.nanoTime();
            sampleCount++;
        }
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

    /** Wire bytes per second the destination's consumers took (smoothed), 0 before the first sample. */
    public double deliveredBytesPerSecond()
    {
        return deliveredBytesPerSecond;
    }
}
