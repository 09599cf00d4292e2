package io.signo.net.exchange;

/**
 * Tuning of one network exchange.
 *
 * @param targetMessageBytes a sink sends a destination's rows once this many bytes are batched for it (and on finish)
 * @param channelWindowBytes bytes a sender may have sent but not yet consumed per channel (sender to partition):
 *         the receiver's buffer per channel, a couple of messages
 * @param batchBarrierBytes after sending this many bytes a sink waits until its consumers consumed everything; 0 is off
 */
public record ExchangeConfig(long targetMessageBytes, long channelWindowBytes, long batchBarrierBytes)
{
    public static final ExchangeConfig DEFAULT = new ExchangeConfig(1 << 20, 2 << 20, 0);

    public ExchangeConfig
    {
        if (targetMessageBytes <= 0 || channelWindowBytes <= 0 || batchBarrierBytes < 0) {
            throw new IllegalArgumentException("bad exchange config: target " + targetMessageBytes + ", window " + channelWindowBytes + ", barrier " + batchBarrierBytes);
        }
    }
}
