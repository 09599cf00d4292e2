package io.signo.net.transport;

import io.signo.net.codec.Frame;

/**
 * Receives frames of the types it was registered for. Runs on a Netty event loop: it must not block
 * or do heavy work; it hands data over (queues, futures) and returns.
 */
@FunctionalInterface
public interface FrameHandler
{
    void handle(String peer, Frame frame);
}
