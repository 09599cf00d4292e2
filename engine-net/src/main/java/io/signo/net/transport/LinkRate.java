package io.signo.net.transport;

/** What is known of how fast a link takes bytes when it is the limit (see {@link LinkMonitor}). */
public interface LinkRate
{
    /** Bytes per second the link took while it was the limit (smoothed), or 0 if it never was. */
    double bytesPerSecond();

    /** When the link last was the limit (System.nanoTime), or 0 if never. */
    long lastBusyNanos();
}
