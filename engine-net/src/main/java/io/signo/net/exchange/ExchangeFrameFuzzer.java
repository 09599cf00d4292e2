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

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

/**
 * Truncated, oversized, corrupted and spliced exchange traffic fed to the receiving end as a hostile
 * or broken peer could send it: byte streams to {@link FrameDecoder} in random pieces, frame payloads
 * to the exchange's parser, and serialized pages to the page deserializer the cluster uses. Each
 * input must decode or fail with a clean error ({@link FrameFormatException}, {@code CORRUPT_DATA},
 * Netty's too-long or corrupted frame); anything else (an IndexOutOfBoundsException, a
 * NegativeArraySizeException, an OutOfMemoryError, a case that takes seconds) is a failure.
 * Deterministic per seed: case {@code i} of a seed is always the same input.
 */
public final class ExchangeFrameFuzzer
{
    private static final int MAX_FRAME_BYTES = 1 << 20;
    private static final long SLOW_CASE_MILLIS = 2_000;
    private static final ExchangeId EXCHANGE = new ExchangeId("20260101_000000_00001", 3);

    /** One kind of failure: where it happened and what was thrown, how often, and the first case that showed it. */
    public record Failure(String kind, int count, String firstCase, String detail) {}

    /**
     * A run: cases tried, those that decoded (rather than failing cleanly), the outcome counts per
     * kind of input, and the distinct failures.
     */
    public record Result(long seed, int cases, int decoded, Duration elapsed, Map<String, Integer> outcomes, List<Failure> failures)
    {
        public Result
        {
            outcomes = Map.copyOf(outcomes);
            failures = List.copyOf(failures);
        }
    }

    private final long seed;
    private final Random random;
    private final PageSerializer serializer = new PageSerializer(CompressionCodec.LZ4);
    private final PageDeserializer deserializer = new PageDeserializer();
    private final List<Frame> frames;
    private final Map<String, Integer> outcomes = new LinkedHashMap<>();
    private final Map<String, Failure> failures = new LinkedHashMap<>();

    private ExchangeFrameFuzzer(long seed)
    {
        this.seed = seed;
        this.random = new Random(seed);
        this.frames = validFrames(random);
    }

    /** Runs cases of the seed until {@code duration} passed or {@code maxCases} were tried. */
    public static Result run(long seed, Duration duration, int maxCases)
    {
        return new ExchangeFrameFuzzer(seed).run(duration, maxCases);
    }

    private Result run(Duration duration, int maxCases)
    {
        long start = System.nanoTime();
        long deadline = start + duration.toNanos();
        int cases = 0;
        int decoded = 0;
        while (cases < maxCases && System.nanoTime() < deadline) {
            String context = "case " + cases + " of seed " + seed;
            long caseStart = System.nanoTime();
            String input = switch (random.nextInt(3)) {
                case 0 -> "frame stream";
                case 1 -> "frame payload";
                default -> "serialized page";
            };
            boolean ok = switch (input) {
                case "frame stream" -> decodeStream(context);
                case "frame payload" -> parsePayload(context);
                default -> decodePage(context);
            };
            outcomes.merge(input + (ok ? ": decoded" : ": refused cleanly or failed"), 1, Integer::sum);
            decoded += ok ? 1 : 0;
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - caseStart);
            if (millis > SLOW_CASE_MILLIS) {
                fail("a " + input + " took over " + SLOW_CASE_MILLIS + " ms", context, millis + " ms");
            }
            cases++;
        }
        return new Result(seed, cases, decoded, Duration.ofNanos(System.nanoTime() - start), outcomes, new ArrayList<>(failures.values()));
    }

    private void fail(String kind, String context, String detail)
    {
        failures.merge(kind, new Failure(kind, 1, context, detail), (first, next) -> new Failure(kind, first.count() + 1, first.firstCase(), first.detail()));
    }

    private void fail(String where, String context, Throwable thrown)
    {
        fail(where + " threw " + thrown.getClass().getName(), context, String.valueOf(thrown));
    }

    /** Frames on the wire, cut, flipped or given a lying length, in random pieces: true when at least one frame came out. */
    private boolean decodeStream(String context)
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
        bytes = mutate(bytes);
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
                fail("the frame decoder", context, e.getCause() == null ? e : e.getCause());
            }
        }
        catch (RuntimeException | OutOfMemoryError e) {
            fail("the frame decoder", context, e);
        }
        finally {
            receiver.releaseInbound();
            // a decoder that failed keeps the bytes it had gathered until its channel closes, as a real connection's does
            receiver.close();
        }
        return decoded > 0;
    }

    /** A frame's payload mutated, parsed as the exchange parses what arrives. */
    private boolean parsePayload(String context)
    {
        Frame original = frames.get(random.nextInt(frames.size()));
        FrameType type = random.nextInt(10) == 0 ? FrameType.values()[random.nextInt(FrameType.values().length)] : original.type();
        Frame frame = new Frame(type, mutate(original.payload()));
        ExchangeMessage message;
        try {
            // a data frame arrives in native memory of its own, its body 8-byte aligned as the decoder keeps it
            message = type == FrameType.EXCHANGE_DATA ? ExchangeMessage.Data.parse(alignedCopy(frame.payload())) : ExchangeMessage.parse(frame);
        }
        catch (FrameFormatException e) {
            return false;
        }
        catch (RuntimeException | OutOfMemoryError e) {
            fail("parsing a " + type + " frame", context, e);
            return false;
        }
        if (message instanceof ExchangeMessage.Data data) {
            return pages(data, context);
        }
        return true;
    }

    /**
     * A serialized page cut, flipped and given lying lengths, decoded by the cluster's page
     * deserializer. Half of them get their checksum sealed again after the edits, as a peer with a
     * bug (not a flipped bit on the way) would send them, so that the checks behind the checksum are
     * fuzzed too.
     */
    private boolean decodePage(String context)
    {
        byte[] bytes = mutate(serializer.serialize(page()));
        if (random.nextBoolean()) {
            sealChecksum(bytes);
        }
        try {
            Page page = deserializer.deserialize(bytes, 0, bytes.length, PageAllocator.transientPages());
            if (page.positionCount() < 0) {
                fail("the page deserializer returned a negative row count", context, String.valueOf(page.positionCount()));
            }
            return true;
        }
        catch (SignoException e) {
            if (e.errorCode() != ErrorCode.CORRUPT_DATA) {
                fail("the page deserializer failed with " + e.errorCode(), context, e.getMessage());
            }
            return false;
        }
        catch (RuntimeException | OutOfMemoryError e) {
            fail("the page deserializer", context, e);
            return false;
        }
    }

    /** The page format's CRC32C (io.signo.storage.serde.PageFormat): over the header's first 24 bytes and the body, stored at byte 24. */
    private static void sealChecksum(byte[] page)
    {
        int checksumOffset = 24;
        int headerSize = 28;
        if (page.length < headerSize) {
            return;
        }
        CRC32C checksum = new CRC32C();
        checksum.update(page, 0, checksumOffset);
        checksum.update(page, headerSize, page.length - headerSize);
        ByteBuffer.wrap(page, checksumOffset, Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN).putInt((int) checksum.getValue());
    }

    /** Reads the data frame's pages as the receiving exchange reads them: true when they decode. */
    private boolean pages(ExchangeMessage.Data data, String context)
    {
        if (data.compressed()) {
            // the valid frames are not compressed: a flag flipped on makes a body LZ4 decoding refuses, covered by the exchange's own tests
            return false;
        }
        try {
            AlignedPageReader reader = new AlignedPageReader(data.body());
            for (int i = 0; i < data.pageCount(); i++) {
                if (!reader.hasNext()) {
                    return false;
                }
                if (reader.next().positionCount() < 0) {
                    fail("a data frame's page has a negative row count", context, "page " + i);
                }
            }
            return true;
        }
        catch (SignoException e) {
            if (e.errorCode() != ErrorCode.CORRUPT_DATA) {
                fail("decoding a data frame's pages failed with " + e.errorCode(), context, e.getMessage());
            }
            return false;
        }
        catch (RuntimeException | OutOfMemoryError e) {
            fail("decoding a data frame's pages", context, e);
            return false;
        }
    }

    /** The bytes in native memory that starts 8-byte aligned. */
    private static MemorySegment alignedCopy(byte[] bytes)
    {
        MemorySegment segment = Arena.ofAuto().allocate(Math.max(bytes.length, 1), Long.BYTES).asSlice(0, bytes.length);
        MemorySegment.copy(MemorySegment.ofArray(bytes), 0, segment, 0, bytes.length);
        return segment;
    }

    private List<Frame> validFrames(Random random)
    {
        List<Frame> valid = new ArrayList<>();
        valid.add(new ExchangeMessage.Open(EXCHANGE, 1, "127.0.0.1:7000").toFrame());
        valid.add(new ExchangeMessage.End(EXCHANGE, 2, "127.0.0.1:7000", 17).toFrame());
        valid.add(new ExchangeMessage.Credit(EXCHANGE, 0, "127.0.0.1:7001", 1 << 20, 4096, 250_000).toFrame());
        valid.add(new ExchangeMessage.Closed(EXCHANGE, 5, "worker-\u00e9").toFrame());
        valid.add(Frame.empty(FrameType.PING));
        for (int i = 0; i < 4; i++) {
            int pageCount = 1 + random.nextInt(3);
            SegmentRegionOutput body = new SegmentRegionOutput(4096);
            for (int p = 0; p < pageCount; p++) {
                AlignedPageWriter.write(page(), body);
            }
            ByteBuf header = ExchangeMessage.Data.header(UnpooledByteBufAllocator.DEFAULT, EXCHANGE, i, "127.0.0.1:7000", i, 0, body.size(), 0, pageCount, false, body.size());
            byte[] bytes = new byte[header.readableBytes() + Math.toIntExact(body.size())];
            header.readBytes(bytes, 0, header.readableBytes());
            header.release();
            MemorySegment.copy(body.written(), 0, MemorySegment.ofArray(bytes), bytes.length - body.size(), body.size());
            valid.add(new Frame(FrameType.EXCHANGE_DATA, bytes));
        }
        return valid;
    }

    /** A page of a BIGINT, a DOUBLE and a VARCHAR column with NULLs, of 0 to 300 rows. */
    private Page page()
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
    private byte[] mutate(byte[] original)
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
