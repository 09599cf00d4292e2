package io.signo.net.exchange;

import io.netty.buffer.ByteBuf;
import io.signo.storage.page.Page;

/**
 * A batch of pages ready for one channel: for a consumer in this process the pages themselves
 * ({@code pages}); for a remote consumer the message body ({@code body}, owned by the message until
 * it is sent or dropped). {@code bytes} is what it costs in credit: the frame payload size, or the
 * pages' retained size in memory.
 */
record OutboundMessage(Page[] pages, ByteBuf body, boolean compressed, long uncompressedBodyBytes, int pageCount, long bytes, long rawBytes)
{
    static OutboundMessage local(Page[] pages, long rawBytes)
    {
        return new OutboundMessage(pages, null, false, 0, pages.length, rawBytes, rawBytes);
    }

    /** A message carrying {@code buffer}: the body's buffer, or a retained duplicate of it for one of several destinations. */
    static OutboundMessage remote(MessageBuilder.Body body, ByteBuf buffer, long wireBytes)
    {
        return new OutboundMessage(null, buffer, body.compressed(), body.uncompressedBytes(), body.pageCount(), wireBytes, body.rawBytes());
    }

    /** Frees the body of a message that will not be sent. */
    void release()
    {
        if (body != null) {
            body.release();
        }
    }
}
