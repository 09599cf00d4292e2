package io.signo.core.operator.join;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.serde.CompressionCodec;
import io.signo.storage.serde.PageDeserializer;
import io.signo.storage.serde.PageSerializer;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * One node's build keys for a {@link DistributedRuntimeFilter} as bytes: what crosses from the node
 * that built them to the nodes whose scans apply the filter, and what makes a copy the filter owns
 * (the build's own pages are recycled when its join ends). A count of pages, then each page's length
 * and its serialized form; a count of -1 for a build that sent no keys (too many).
 */
public final class RuntimeFilterKeys
{
    private RuntimeFilterKeys() {}

    public static byte[] encode(List<Page> keyPages)
    {
        if (keyPages == null) {
            return ByteBuffer.allocate(Integer.BYTES).putInt(-1).array();
        }
        PageSerializer serializer = new PageSerializer(CompressionCodec.NONE);
        List<byte[]> serialized = new ArrayList<>(keyPages.size());
        int size = Integer.BYTES;
        for (Page page : keyPages) {
            byte[] bytes = serializer.serialize(page.isSelected() ? page.compact(PageAllocator.transientPages()) : page);
            serialized.add(bytes);
            size += Integer.BYTES + bytes.length;
        }
        ByteBuffer out = ByteBuffer.allocate(size).putInt(serialized.size());
        for (byte[] bytes : serialized) {
            out.putInt(bytes.length).put(bytes);
        }
        return out.array();
    }

    /** The pages {@link #encode} wrote, or null for a build that sent no keys; throws on malformed bytes. */
    public static List<Page> decode(byte[] bytes, int offset, int length)
    {
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
        int count = in.getInt();
        if (count == -1) {
            return null;
        }
        if (count < 0 || count > length / Integer.BYTES) {
            throw new IllegalArgumentException("malformed runtime filter keys: " + count + " pages in " + length + " bytes");
        }
        PageDeserializer deserializer = new PageDeserializer();
        List<Page> pages = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int pageLength = in.getInt();
            if (pageLength < 0 || pageLength > in.remaining()) {
                throw new IllegalArgumentException("malformed runtime filter keys: a page of " + pageLength + " bytes with " + in.remaining() + " left");
            }
            pages.add(deserializer.deserialize(bytes, in.position(), pageLength, PageAllocator.transientPages()));
            in.position(in.position() + pageLength);
        }
        return pages;
    }

    /** Copies of the pages the filter may keep after the build's own are recycled; null stays null. */
    public static List<Page> copyOf(List<Page> keyPages)
    {
        if (keyPages == null) {
            return null;
        }
        byte[] bytes = encode(keyPages);
        return decode(bytes, 0, bytes.length);
    }
}
