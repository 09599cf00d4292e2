package io.signo.net.exchange;

import io.airlift.compress.v3.lz4.Lz4Compressor;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.signo.storage.page.Page;
import io.signo.storage.serde.AlignedPageWriter;
import io.signo.storage.serde.RegionOutput;
import io.signo.storage.serde.SegmentRegionOutput;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the body of one data message for a destination in another process: pages in the
 * {@link io.signo.storage.serde.AlignedPageFormat}, written straight from their vectors into direct
 * memory that Netty writes to the socket.
 *
 * <p>Uncompressed, the body is a composite buffer: small regions (headers, short vectors) are copied
 * into pooled direct chunks, and a vector region of at least {@link #ATTACH_MIN_BYTES} is not copied
 * at all but added as a buffer over the vector's own memory (pages are immutable, and the buffer keeps
 * their memory alive until the socket took it): one gathering write sends both. Compressed, the
 * pages are first laid out in one reused native buffer and LZ4 compresses it into a pooled direct
 * buffer. No byte of a page passes through the Java heap either way.
 *
 * <p>Driver thread only (one per sink). A message is {@link #start started}, filled, and either
 * {@link #seal sealed} (its buffer goes to the socket, which releases it) or {@link #release released}.
 */
final class MessageBuilder
        implements RegionOutput
{
    /** Regions this large are sent from the vector's memory; copying smaller ones costs less than another buffer in the gathering write. */
    static final long ATTACH_MIN_BYTES = 32 << 10;
    /**
     * The same for a page whose memory is the message's until it was written ({@link #addPage(Page, Runnable)}:
     * a hash exchange's accumulated rows): such pages are large (up to a message's worth of rows), so
     * even their 4-byte columns and string offsets are referenced rather than copied.
     */
    static final long ATTACH_OWNED_MIN_BYTES = 4 << 10;
    private static final int CHUNK_BYTES = 128 << 10;
    /** Compressed bodies are kept only when at most this fraction of the raw size, as decompressing is not free. */
    private static final double MIN_COMPRESSION_SAVING_RATIO = 0.9;

    private final ByteBufAllocator allocator = PooledByteBufAllocator.DEFAULT;

    private boolean started;
    private boolean compress;
    private boolean copyRegions;
    /** The smallest region the page being added is referenced for. */
    private long attachMinBytes = ATTACH_MIN_BYTES;
    private int pageCount;
    private long rawBytes;
    private long bodyBytes;
    /** What gives back the memory of pages added by reference once the message is written or dropped. */
    private List<Runnable> whenDone = new ArrayList<>();

    // uncompressed: the composite and the chunk being filled
    private CompositeByteBuf body;
    private ByteBuf chunk;
    private MemorySegment chunkMemory;
    private int chunkUsed;

    // compressed: the pages laid out contiguously, then compressed
    private SegmentRegionOutput scratch;
    private Lz4Compressor compressor;

    /**
     * The body of a sealed message: the frame's pages part, and how it was encoded; {@code whenDone}
     * runs once the socket wrote it or it was dropped (the memory of pages it references).
     */
    record Body(ByteBuf buffer, boolean compressed, long uncompressedBytes, int pageCount, long rawBytes, List<Runnable> whenDone) {}

    boolean isStarted()
    {
        return started;
    }

    void start(boolean compress)
    {
        if (started) {
            throw new IllegalStateException("message already started");
        }
        started = true;
        this.compress = compress;
        if (compress) {
            if (scratch == null) {
                scratch = new SegmentRegionOutput(1 << 20);
                compressor = Lz4Compressor.create();
            }
            scratch.reset();
        }
        else {
            body = allocator.compositeDirectBuffer(Integer.MAX_VALUE);
        }
    }

    /**
     * Adds a page; with {@code mayReference}, its large regions are sent from the page's own memory, so
     * the page must stay unchanged (any published page does; a buffer's view that is reused does not).
     */
    void addPage(Page page, boolean mayReference)
    {
        copyRegions = !mayReference;
        AlignedPageWriter.write(page, this);
        pageCount++;
        rawBytes += page.retainedBytes();
    }

    /**
     * Adds a page whose memory stays valid until {@code whenDone} runs: its large regions are sent from
     * that memory, and {@code whenDone} runs once the message was written or dropped. Uncompressed
     * messages only (a compressed one copies every page, so its caller reuses the memory at once).
     */
    void addPage(Page page, Runnable whenDone)
    {
        if (compress) {
            throw new IllegalStateException("a compressed message copies its pages");
        }
        attachMinBytes = ATTACH_OWNED_MIN_BYTES;
        try {
            addPage(page, true);
        }
        finally {
            attachMinBytes = ATTACH_MIN_BYTES;
        }
        this.whenDone.add(whenDone);
    }

    /** True while the message being built is compressed: its pages are copied, never referenced. */
    boolean isCompressing()
    {
        return compress;
    }

    /** Bytes of pages in the message so far, uncompressed. */
    long bodyBytes()
    {
        return bodyBytes;
    }

    int pageCount()
    {
        return pageCount;
    }

    /**
     * Ends the message and hands over its body. Compressing, reports the time and ratio to
     * {@code compression} (may be null) and keeps the raw form when LZ4 saves less than 10%.
     */
    Body seal(LinkCompression compression)
    {
        Body sealed;
        if (compress) {
            MemorySegment raw = scratch.written();
            long start = System.nanoTime();
            int rawLength = Math.toIntExact(raw.byteSize());
            ByteBuf out = allocator.directBuffer(compressor.maxCompressedLength(rawLength));
            int compressedLength = compressor.compress(raw, MemorySegment.ofBuffer(out.nioBuffer(0, out.capacity())));
            if (compression != null) {
                compression.compressed(rawLength, compressedLength, System.nanoTime() - start);
            }
            if (compressedLength <= rawLength * MIN_COMPRESSION_SAVING_RATIO) {
                out.writerIndex(compressedLength);
                sealed = new Body(out, true, rawLength, pageCount, rawBytes, List.of());
            }
            else {
                out.release();
                ByteBuf uncompressed = allocator.directBuffer(rawLength);
                MemorySegment.copy(raw, 0, MemorySegment.ofBuffer(uncompressed.nioBuffer(0, rawLength)), 0, rawLength);
                uncompressed.writerIndex(rawLength);
                sealed = new Body(uncompressed, false, rawLength, pageCount, rawBytes, List.of());
            }
        }
        else {
            closeChunk();
            sealed = new Body(body, false, bodyBytes, pageCount, rawBytes, whenDone.isEmpty() ? List.of() : whenDone);
            body = null;
            if (!whenDone.isEmpty()) {
                whenDone = new ArrayList<>();
            }
        }
        clear();
        return sealed;
    }

    /** Drops the message being built (its sink failed or closed). */
    void release()
    {
        if (chunk != null) {
            chunk.release();
        }
        if (body != null) {
            body.release();
        }
        body = null;
        for (Runnable done : whenDone) {
            done.run();
        }
        whenDone.clear();
        clear();
    }

    private void clear()
    {
        chunk = null;
        chunkMemory = null;
        chunkUsed = 0;
        started = false;
        pageCount = 0;
        rawBytes = 0;
        bodyBytes = 0;
    }

    @Override
    public MemorySegment reserve(long byteSize)
    {
        bodyBytes += byteSize;
        if (compress) {
            return scratch.reserve(byteSize);
        }
        ensureChunk(byteSize);
        MemorySegment slice = chunkMemory.asSlice(chunkUsed, byteSize);
        chunkUsed += (int) byteSize;
        return slice;
    }

    @Override
    public void region(MemorySegment bytes)
    {
        long length = bytes.byteSize();
        if (compress) {
            bodyBytes += length;
            scratch.region(bytes);
            return;
        }
        if (length >= attachMinBytes && !copyRegions && bytes.isNative()) {
            bodyBytes += length;
            closeChunk();
            body.addComponent(true, Unpooled.wrappedBuffer(bytes.asByteBuffer()));
            return;
        }
        MemorySegment.copy(bytes, 0, reserve(length), 0, length);
    }

    @Override
    public void zeros(int count)
    {
        // padding is at most 7 bytes: one word written, no slice made (this runs for most regions)
        if (compress || count > Long.BYTES) {
            reserve(count).fill((byte) 0);
            return;
        }
        ensureChunk(Long.BYTES);
        chunkMemory.set(ValueLayout.JAVA_LONG_UNALIGNED, chunkUsed, 0L);
        chunkUsed += count;
        bodyBytes += count;
    }

    private void ensureChunk(long byteSize)
    {
        if (chunk != null && chunkUsed + byteSize <= chunk.capacity()) {
            return;
        }
        closeChunk();
        chunk = allocator.directBuffer((int) Math.max(CHUNK_BYTES, byteSize));
        chunkMemory = MemorySegment.ofBuffer(chunk.nioBuffer(0, chunk.capacity()));
        chunkUsed = 0;
    }

    private void closeChunk()
    {
        if (chunk == null) {
            return;
        }
        if (chunkUsed == 0) {
            chunk.release();
        }
        else {
            body.addComponent(true, chunk.writerIndex(chunkUsed));
        }
        chunk = null;
        chunkMemory = null;
        chunkUsed = 0;
    }
}
