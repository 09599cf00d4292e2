package io.signo.server.cluster;

import io.signo.net.exchange.ExchangeConfig;
import io.signo.storage.serde.CompressionCodec;

import java.io.Serializable;

/**
 * How the exchanges of a cluster move pages, the same on every node of a query: the message size
 * senders batch up to per destination, the credit window a receiver grants each sender, the
 * optional batch barrier (0 = off), and whether pages are compressed with LZ4.
 */
public record ExchangeSettings(long messageBytes, long windowBytes, long batchBarrierBytes, CompressionCodec compression)
        implements Serializable
{
    public static final ExchangeSettings DEFAULT = new ExchangeSettings(
            ExchangeConfig.DEFAULT.targetMessageBytes(), ExchangeConfig.DEFAULT.channelWindowBytes(), 0, CompressionCodec.LZ4);

    public ExchangeSettings
    {
        if (messageBytes < 1024) {
            throw new IllegalArgumentException("exchange message size must be at least 1024 bytes, not " + messageBytes);
        }
        if (windowBytes < messageBytes) {
            throw new IllegalArgumentException("exchange window (" + windowBytes + " bytes) must hold at least one message (" + messageBytes + " bytes)");
        }
        if (batchBarrierBytes < 0) {
            throw new IllegalArgumentException("batch barrier must not be negative: " + batchBarrierBytes);
        }
    }

    ExchangeConfig config()
    {
        return new ExchangeConfig(messageBytes, windowBytes, batchBarrierBytes);
    }
}
