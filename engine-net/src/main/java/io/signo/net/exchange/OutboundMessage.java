package io.signo.net.exchange;

import io.signo.storage.page.Page;

/**
 * A batch of pages ready for one channel: encoded ({@code encodedPages}, for a remote consumer) or
 * as pages handed over in memory ({@code pages}, for a consumer in this process). {@code bytes} is
 * what it costs in credit: the frame payload size, or the pages' retained size in memory.
 */
record OutboundMessage(Page[] pages, byte[] encodedPages, int pageCount, long bytes, long rawBytes)
{
    static OutboundMessage local(Page[] pages, long rawBytes)
    {
        return new OutboundMessage(pages, null, pages.length, rawBytes, rawBytes);
    }

    static OutboundMessage encoded(byte[] encodedPages, int pageCount, long wireBytes, long rawBytes)
    {
        return new OutboundMessage(null, encodedPages, pageCount, wireBytes, rawBytes);
    }
}
