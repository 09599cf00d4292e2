package io.signo.net.codec;

import io.signo.storage.page.Page;

/**
 * Turns a page into bytes for the wire and back. Called on driver threads only (never on an event
 * loop): encoding when a sink flushes a batch, decoding when a source hands a page to its consumer.
 * Implementations must be thread safe.
 *
 * <p>The production implementation wraps engine-storage's serde:
 * <pre>{@code
 * PageSerializer serializer = new PageSerializer(CompressionCodec.LZ4);
 * PageDeserializer deserializer = new PageDeserializer();
 * PageCodec codec = new PageCodec() {
 *     public byte[] encode(Page page) { return serializer.serialize(page); }
 *     public Page decode(byte[] bytes, int offset, int length) {
 *         return deserializer.deserialize(bytes, offset, length, PageAllocator.transientPages());
 *     }
 * };
 * }</pre>
 */
public interface PageCodec
{
    byte[] encode(Page page);

    /** Decodes one page from {@code bytes[offset, offset + length)}; throws if the bytes are corrupt. */
    Page decode(byte[] bytes, int offset, int length);
}
