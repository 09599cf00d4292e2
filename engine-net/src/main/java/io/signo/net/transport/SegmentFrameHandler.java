package io.signo.net.transport;

import io.signo.net.codec.SegmentFrame;

/**
 * Receives bulk frames of the types it was registered for. Runs on a Netty event loop: it must not
 * block or do heavy work; it hands the frame over (queues, futures) and returns.
 */
@FunctionalInterface
public interface SegmentFrameHandler
{
    void handle(String peer, SegmentFrame frame);
}
