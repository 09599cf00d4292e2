package io.signo.net.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.signo.net.codec.Frame;
import io.signo.net.codec.FrameDecoder;
import io.signo.net.codec.FrameEncoder;
import io.signo.net.codec.FrameFormatException;
import io.signo.net.codec.FrameType;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.serde.AlignedPageReader;
import io.signo.storage.serde.AlignedPageWriter;
import io.signo.storage.serde.CompressionCodec;
import io.signo.storage.serde.PageDeserializer;
import io.signo.storage.serde.PageSerializer;
import io.signo.storage.serde.SegmentRegionOutput;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Truncated, oversized, corrupted and spliced exchange traffic fed to the receiving end as a peer
 * could send it: byte streams to {@link FrameDecoder}, frame payloads to
 * {@link ExchangeMessage#parse}, and the pages of data frames to the page deserializer the cluster
 * uses. Each input must decode or fail with a clean error ({@link FrameFormatException},
 * {@code CorruptPageException}, Netty's too-long or corrupted frame), never an
 * IndexOutOfBoundsException, a NegativeArraySizeException, an OutOfMemoryError or a hang. Seeded and
 * bounded for CI: {@code -Dsigno.fuzz.seed=S -Dsigno.fuzz.seconds=N} replay a run or run longer.
 */
class ExchangeFrameFuzzTest
{
    private static final int MAX_FRAME_BYTES = 1 << 20;
    private static final ExchangeId EXCHANGE = new ExchangeId("20260101_000000_00001", 3);

    @Test
    void corruptTrafficDecodesOrFailsCleanly()
    {
        long seed = Long.getLong("signo.fuzz.seed", 23);
        long seconds = Long.getLong("signo.fuzz.seconds", 10);
        Random random = new Random(seed);
        PageSerializer serializer = new PageSerializer(CompressionCodec.LZ4);
        PageDeserializer deserializer = new PageDeserializer();
        List<Frame> frames = validFrames(random);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        int cases = 0;
        int decoded = 0;
        while (System.nanoTime() < deadline) {
            String context = "case " + cases + " of seed " + seed;
            long start = System.nanoTime();
            switch (random.nextInt(3)) {
                case 0 -> decoded += decodeStream(random, frames, context);
                case 1 -> decoded += parsePayload(random, frames, context);
                default -> decoded += decodePages(random, serializer, deserializer, context);
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis < 2_000, context + " took " + millis + " ms");
            cases++;
        }
        assertTrue(cases > 1_000, "only " + cases + " cases in " + seconds + " s");
        assertTrue(decoded > 0, "nothing decoded: the mutations are too strong to test the happy path");
    }

    /** Frames on the wire, cut, flipped or given a lying length, in random pieces: frames come out or the decoder fails cleanly. */
    private static int decodeStream(Random random, List<Frame> frames, String context)
    {
        EmbeddedChannel sender = new EmbeddedChannel(FrameEncoder.INSTANCE);
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            sender.writeOutbound(frames.get(random.nextInt(frames.size())));
        }
        ByteBuf wire = Unpooled.buffer();
        for (ByteBuf part = sender.readOutbound(); part != null; part = sender.readOutbound()) {
            wire.writeBytes(part);
            part.release();
        }
        byte[] bytes = new byte[wire.readableBytes()];
        wire.readBytes(bytes);
        wire.release();
        bytes = mutate(random, bytes);
        EmbeddedChannel receiver = new EmbeddedChannel(new FrameDecoder(MAX_FRAME_BYTES));
        int decoded = 0;
        try {
            int offset = 0;
            while (offset < bytes.length) {
                int piece = Math.min(bytes.length - offset, 1 + random.nextInt(64));
                receiver.writeInbound(Unpooled.wrappedBuffer(bytes, offset, piece));
                offset += piece;
                for (Object frame = receiver.readInbound(); frame != null; frame = receiver.readInbound()) {
                    decoded++;
                }
            }
            // the peer closes: what is left over decodes or fails as well
            receiver.finishAndReleaseAll();
        }
        catch (TooLongFrameException | CorruptedFrameException e) {
            // Netty's refusal of a length past the maximum, or a negative one
        }
        catch (DecoderException e) {
            if (!(e.getCause() instanceof FrameFormatException)) {
                throw new AssertionError(context + ": the frame decoder failed with " + e.getCause(), e);
            }
        }
        finally {
            receiver.releaseInbound();
        }
        return decoded;
    }

    /** A frame's payload mutated, parsed as the exchange parses what arrives. */
    private static int parsePayload(Random random, List<Frame> frames, String context)
    {
        Frame original = frames.get(random.nextInt(frames.size()));
        FrameType type = random.nextInt(10) == 0 ? FrameType.values()[random.nextInt(FrameType.values().length)] : original.type();
        Frame frame = new Frame(type, mutate(random, original.payload()));
        ExchangeMessage message;
        try {
            // a data frame arrives in native memory of its own, its body 8-byte aligned as the decoder keeps it
            message = type == FrameType.EXCHANGE_DATA ? ExchangeMessage.Data.parse(alignedCopy(frame.payload())) : ExchangeMessage.parse(frame);
        }
        catch (FrameFormatException e) {
            return 0;
        }
        catch (RuntimeException e) {
            throw new AssertionError(context + ": parsing a " + type + " frame failed with " + e, e);
        }
        if (message instanceof ExchangeMessage.Data data) {
            return pages(data, context);
        }
        return 1;
    }

    /** Serialized pages cut, flipped and given lying lengths, decoded by the cluster's page deserializer. */
    private static int decodePages(Random random, PageSerializer serializer, PageDeserializer deserializer, String context)
    {
        byte[] bytes = mutate(random, serializer.serialize(page(random)));
        try {
            Page page = deserializer.deserialize(bytes, 0, bytes.length, PageAllocator.transientPages());
            assertTrue(page.positionCount() >= 0);
            return 1;
        }
        catch (SignoException e) {
            assertEquals(ErrorCode.CORRUPT_DATA, e.errorCode(), context + ": " + e.getMessage());
            return 0;
        }
        catch (RuntimeException | OutOfMemoryError e) {
            throw new AssertionError(context + ": deserializing a page failed with " + e, e);
        }
    }

    /** Reads the data frame's pages as the receiving exchange reads them: 1 when they decode, 0 when they are corrupt. */
    private static int pages(ExchangeMessage.Data data, String context)
    {
        if (data.compressed()) {
            // the valid frames are not compressed: a flag flipped on makes a body LZ4 decoding refuses, covered by the exchange's own tests
            return 0;
        }
        try {
            AlignedPageReader reader = new AlignedPageReader(data.body());
            for (int i = 0; i < data.pageCount(); i++) {
                if (!reader.hasNext()) {
                    return 0;
                }
                assertTrue(reader.next().positionCount() >= 0);
            }
            return 1;
        }
        catch (SignoException e) {
            assertEquals(ErrorCode.CORRUPT_DATA, e.errorCode(), context + ": " + e.getMessage());
            return 0;
        }
        catch (RuntimeException | OutOfMemoryError e) {
            throw new AssertionError(context + ": decoding the pages of a data frame failed with " + e, e);
        }
    }

    /** The bytes in native memory that starts 8-byte aligned. */
    private static MemorySegment alignedCopy(byte[] bytes)
    {
        MemorySegment segment = Arena.ofAuto().allocate(Math.max(bytes.length, 1), Long.BYTES).asSlice(0, bytes.length);
        MemorySegment.copy(MemorySegment.ofArray(bytes), 0, segment, 0, bytes.length);
        return segment;
    }

    private static List<Frame> validFrames(Random random)
    {
        List<Frame> frames = new ArrayList<>();
        frames.add(new ExchangeMessage.Open(EXCHANGE, 1, "127.0.0.1:7000").toFrame());
        frames.add(new ExchangeMessage.End(EXCHANGE, 2, "127.0.0.1:7000", 17).toFrame());
        frames.add(new ExchangeMessage.Credit(EXCHANGE, 0, "127.0.0.1:7001", 1 << 20, 4096, 250_000).toFrame());
        frames.add(new ExchangeMessage.Closed(EXCHANGE, 5, "worker-\u00e9").toFrame());
        frames.add(Frame.empty(FrameType.PING));
        for (int i = 0; i < 4; i++) {
            int pageCount = 1 + random.nextInt(3);
            SegmentRegionOutput body = new SegmentRegionOutput(4096);
            for (int p = 0; p < pageCount; p++) {
                AlignedPageWriter.write(page(random), body);
            }
            ByteBuf header = ExchangeMessage.Data.header(UnpooledByteBufAllocator.DEFAULT, EXCHANGE, i, "127.0.0.1:7000", i, 0, body.size(), 0, pageCount, false, body.size());
            byte[] bytes = new byte[header.readableBytes() + Math.toIntExact(body.size())];
            header.readBytes(bytes, 0, header.readableBytes());
            header.release();
            MemorySegment.copy(body.written(), 0, MemorySegment.ofArray(bytes), bytes.length - body.size(), body.size());
            frames.add(new Frame(FrameType.EXCHANGE_DATA, bytes));
        }
        return frames;
    }

    /** A page of a BIGINT, a DOUBLE and a VARCHAR column with NULLs, of 0 to 300 rows. */
    private static Page page(Random random)
    {
        int rows = random.nextInt(301);
        VectorBuilder longs = new VectorBuilder(Type.BIGINT, rows);
        VectorBuilder doubles = new VectorBuilder(Type.DOUBLE, rows);
        VectorBuilder strings = new VectorBuilder(Type.VARCHAR, rows);
        for (int row = 0; row < rows; row++) {
            if (random.nextInt(7) == 0) {
                longs.appendNull();
                doubles.appendNull();
                strings.appendNull();
                continue;
            }
            longs.appendLong(random.nextInt(1000));
            doubles.appendDouble(random.nextDouble());
            strings.appendString("value " + random.nextInt(50) + " ".repeat(random.nextInt(20)));
        }
        return new Page(rows, longs.build(), doubles.build(), strings.build());
    }

    /** One to six edits: a byte replaced or flipped, a cut, an inserted run, or a 4-byte field overwritten with an extreme length. */
    private static byte[] mutate(Random random, byte[] original)
    {
        byte[] bytes = original.clone();
        int edits = 1 + random.nextInt(6);
        for (int i = 0; i < edits && bytes.length > 0; i++) {
            int at = random.nextInt(bytes.length);
            switch (random.nextInt(5)) {
                case 0 -> bytes[at] = (byte) random.nextInt(256);
                case 1 -> bytes[at] ^= (byte) (1 << random.nextInt(8));
                case 2 -> bytes = Arrays.copyOf(bytes, at);
                case 3 -> {
                    byte[] run = new byte[1 + random.nextInt(16)];
                    random.nextBytes(run);
                    byte[] longer = new byte[bytes.length + run.length];
                    System.arraycopy(bytes, 0, longer, 0, at);
                    System.arraycopy(run, 0, longer, at, run.length);
                    System.arraycopy(bytes, at, longer, at + run.length, bytes.length - at);
                    bytes = longer;
                }
                default -> {
                    if (at + Integer.BYTES <= bytes.length) {
                        int[] extremes = {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, MAX_FRAME_BYTES + 1, 0, bytes.length * 2};
                        ByteBuffer.wrap(bytes, at, Integer.BYTES).putInt(extremes[random.nextInt(extremes.length)]);
                    }
                }
            }
        }
        return bytes;
    }
}
