package io.signo.net.exchange;

import static java.util.Objects.requireNonNull;

/**
 * Tuning of one network exchange.
 *
 * @param targetMessageBytes the largest message a sink batches for one destination before it sends it (and it sends
 *         smaller ones while the destination's credit window is small: half the window, at least {@link #MIN_MESSAGE_BYTES})
 * @param channelWindowBytes the credit a consumer first grants each sender (per channel, sender to partition)
 * @param batchBarrierBytes after sending this many bytes a sink waits until its consumers consumed everything; 0 is off
 * @param compression whether messages to other processes are LZ4-compressed
 * @param maxChannelWindowBytes the most credit a consumer grants one channel as it adapts the window to the measured
 *         bandwidth-delay product and to senders that waited for credit while it was idle; equal to
 *         {@code channelWindowBytes} for a fixed window
 * @param queryBufferBytes what the consumers of one query in one process may have granted in total beyond each
 *         channel's first window: a window grows only while this budget allows
 */
public record ExchangeConfig(long targetMessageBytes, long channelWindowBytes, long batchBarrierBytes, ExchangeCompression compression,
        long maxChannelWindowBytes, long queryBufferBytes)
{
    public static final long MIN_MESSAGE_BYTES = 64 << 10;
    public static final ExchangeConfig DEFAULT = new ExchangeConfig(1 << 20, 2 << 20, 0, ExchangeCompression.ADAPTIVE, 32 << 20, 256 << 20);

    public ExchangeConfig
    {
        requireNonNull(compression, "compression is null");
        if (targetMessageBytes <= 0 || channelWindowBytes <= 0 || batchBarrierBytes < 0 || maxChannelWindowBytes < channelWindowBytes || queryBufferBytes < 0) {
            throw new IllegalArgumentException("bad exchange config: target " + targetMessageBytes + ", window " + channelWindowBytes + ", barrier " + batchBarrierBytes
                    + ", max window " + maxChannelWindowBytes + ", query buffer " + queryBufferBytes);
        }
    }

    /** Fixed windows, adaptive compression. */
    public ExchangeConfig(long targetMessageBytes, long channelWindowBytes, long batchBarrierBytes)
    {
        this(targetMessageBytes, channelWindowBytes, batchBarrierBytes, ExchangeCompression.ADAPTIVE, channelWindowBytes, DEFAULT.queryBufferBytes);
    }

    public ExchangeConfig withCompression(ExchangeCompression compression)
    {
        return new ExchangeConfig(targetMessageBytes, channelWindowBytes, batchBarrierBytes, compression, maxChannelWindowBytes, queryBufferBytes);
    }

    public ExchangeConfig withWindows(long channelWindowBytes, long maxChannelWindowBytes, long queryBufferBytes)
    {
        return new ExchangeConfig(targetMessageBytes, channelWindowBytes, batchBarrierBytes, compression, maxChannelWindowBytes, queryBufferBytes);
    }

    boolean adaptiveWindows()
    {
        return maxChannelWindowBytes > channelWindowBytes;
    }
}
