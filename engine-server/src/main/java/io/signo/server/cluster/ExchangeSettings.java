package io.signo.server.cluster;

import io.signo.net.exchange.ExchangeCompression;
import io.signo.net.exchange.ExchangeConfig;

import static java.util.Objects.requireNonNull;

/**
 * How the exchanges of a cluster move pages, the same on every node of a query: the largest message
 * a sender batches per destination, the credit window a receiver first grants each sender and the
 * most it grows it to, the bytes a query's receivers in one process may grant beyond their first
 * windows, the optional batch barrier (0 = off), and whether pages are LZ4-compressed (always, never,
 * or per destination as its link measures: {@link ExchangeCompression#ADAPTIVE}).
 */
public record ExchangeSettings(long messageBytes, long windowBytes, long maxWindowBytes, long queryBufferBytes, long batchBarrierBytes, ExchangeCompression compression)
{
    public static final ExchangeSettings DEFAULT = new ExchangeSettings(
            ExchangeConfig.DEFAULT.targetMessageBytes(),
            ExchangeConfig.DEFAULT.channelWindowBytes(),
            ExchangeConfig.DEFAULT.maxChannelWindowBytes(),
            ExchangeConfig.DEFAULT.queryBufferBytes(),
            0,
            ExchangeConfig.DEFAULT.compression());

    public ExchangeSettings
    {
        requireNonNull(compression, "compression is null");
        if (messageBytes < 1024) {
            throw new IllegalArgumentException("exchange message size must be at least 1024 bytes, not " + messageBytes);
        }
        if (windowBytes < messageBytes) {
            throw new IllegalArgumentException("exchange window (" + windowBytes + " bytes) must hold at least one message (" + messageBytes + " bytes)");
        }
        if (maxWindowBytes < windowBytes) {
            throw new IllegalArgumentException("largest exchange window (" + maxWindowBytes + " bytes) must be at least the first window (" + windowBytes + " bytes)");
        }
        if (queryBufferBytes < 0) {
            throw new IllegalArgumentException("exchange query buffer must not be negative: " + queryBufferBytes);
        }
        if (batchBarrierBytes < 0) {
            throw new IllegalArgumentException("batch barrier must not be negative: " + batchBarrierBytes);
        }
    }

    ExchangeConfig config()
    {
        return new ExchangeConfig(messageBytes, windowBytes, batchBarrierBytes, compression, maxWindowBytes, queryBufferBytes);
    }
}
