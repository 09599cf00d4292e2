package io.signo.bench;

import io.signo.net.codec.PageCodec;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.serde.CompressionCodec;
import io.signo.storage.serde.PageDeserializer;
import io.signo.storage.serde.PageSerializer;

/**
 * Pages on the wire in the storage module's serialized form, as the cluster sends them
 * (the server's codec is not public). Serializers keep scratch buffers, so each thread gets its own.
 */
final class SerdePageCodec
        implements PageCodec
{
    private final ThreadLocal<PageSerializer> serializers;
    private final ThreadLocal<PageDeserializer> deserializers = ThreadLocal.withInitial(PageDeserializer::new);

    SerdePageCodec(CompressionCodec compression)
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
}
