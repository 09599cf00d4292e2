package io.signo.server.cluster;

import io.signo.net.codec.PageCodec;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.serde.CompressionCodec;
import io.signo.storage.serde.PageDeserializer;
import io.signo.storage.serde.PageSerializer;
import io.signo.storage.serde.SerializationStats;

/**
 * Pages on the wire in the storage module's serialized form. Serializers keep scratch buffers and
 * serve one thread each, so every driver thread and event loop gets its own.
 */
final class SerializedPageCodec
        implements PageCodec
{
    private final ThreadLocal<PageSerializer> serializers;
    private final ThreadLocal<PageDeserializer> deserializers = ThreadLocal.withInitial(PageDeserializer::new);

    SerializedPageCodec(CompressionCodec compression)
    {
        this.serializers = ThreadLocal.withInitial(() -> new PageSerializer(compression));
    }

    @Override
    public byte[] encode(Page page)
    {
        return serializers.get().serialize(page);
    }

    @Override
    public Page decode(byte[] bytes, int offset, int length)
    {
        return deserializers.get().deserialize(bytes, offset, length, PageAllocator.transientPages());
    }

    /** What this thread's serializer has written so far. */
    SerializationStats serializerStats()
    {
        return serializers.get().stats();
    }
}
