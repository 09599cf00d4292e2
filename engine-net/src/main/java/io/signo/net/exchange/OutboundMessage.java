package io.signo.net.exchange;

import io.netty.buffer.ByteBuf;
import io.signo.storage.page.Page;

/**
 * A batch of pages ready for one channel: for a consumer in this process the pages themselves
 * ({@code pages}); for a remote consumer the message body ({@code body}, owned by the message until
 * it is sent or dropped). {@code bytes} is what it costs in credit: the frame payload size, or the
 * pages' retained size in memory. {@code hold} is the sender's reservation of its memory in the
 * query's pool, done once the message was handed to its consumer, written to the socket or dropped.
 */
record OutboundMessage(Page[] pages, ByteBuf body, boolean compressed, long uncompressedBodyBytes, int pageCount, long bytes, long rawBytes, SendMemory.Hold hold)
{
    static OutboundMessage local(Page[] pages, long rawBytes, SendMemory.Hold hold)
    {
        return new OutboundMessage(pages, null, false, 0, pages.length, rawBytes, rawBytes, hold);
    }

    /** A message carrying {@code buffer}: the body's buffer, or a retained duplicate of it for one of several destinations. */
    static OutboundMessage remote(MessageBuilder.Body body, ByteBuf buffer, long wireBytes, SendMemory.Hold hold)
    {
        return new OutboundMessage(null, buffer, body.compressed(), body.uncompressedBytes(), body.pageCount(), wireBytes, body.rawBytes(), hold);
    }

    /** Frees the body of a message that will not be sent. */
    void release()
    {
        if (body != null) {
            body.release();
        }
        hold.done();
    }
}
