package io.signo.net.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.signo.net.codec.Frame;
import io.signo.net.codec.FrameFormatException;
import io.signo.net.codec.FrameType;
import io.signo.storage.serde.AlignedPageFormat;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The frames of the exchange protocol. Every one names its channel: the exchange, the consumer
 * partition and the sender (the producing sink, {@code host:port#index}).
 *
 * <p>Protocol: a sink sends {@link Open} on each channel; the consumer answers {@link Credit} (its
 * initial window) or {@link Closed}. The sink sends {@link Data} while it has credit, then {@link End}.
 * The consumer sends {@link Credit} as it consumes, and {@link Closed} when it needs no more.
 */
sealed interface ExchangeMessage
{
    ExchangeId exchangeId();

    int partition();

    String sender();

    Frame toFrame();

    record Open(ExchangeId exchangeId, int partition, String sender)
            implements ExchangeMessage
    {
        @Override
        public Frame toFrame()
        {
            return new Frame(FrameType.EXCHANGE_OPEN, header(this, 0).array());
        }
    }

    /** The last message of a sender to a partition; {@code messageCount} data messages came before it. */
    record End(ExchangeId exchangeId, int partition, String sender, long messageCount)
            implements ExchangeMessage
    {
        @Override
        public Frame toFrame()
        {
            return new Frame(FrameType.EXCHANGE_END, header(this, Long.BYTES).putLong(messageCount).array());
        }
    }

    /**
     * The sender may have sent up to {@code grantedBytes} in total; the consumer consumed {@code consumedBytes} so far
     * and has sat idle, waiting for pages, {@code consumerIdleNanos} in total.
     */
    record Credit(ExchangeId exchangeId, int partition, String sender, long grantedBytes, long consumedBytes, long consumerIdleNanos)
            implements ExchangeMessage
    {
        @Override
        public Frame toFrame()
        {
            return new Frame(FrameType.EXCHANGE_CREDIT, header(this, 3 * Long.BYTES).putLong(grantedBytes).putLong(consumedBytes).putLong(consumerIdleNanos).array());
        }
    }

    record Closed(ExchangeId exchangeId, int partition, String sender)
            implements ExchangeMessage
    {
        @Override
        public Frame toFrame()
        {
            return new Frame(FrameType.EXCHANGE_CLOSED, header(this, 0).array());
        }
    }

    /**
     * A received data message: {@code pageCount} pages in the {@link io.signo.storage.serde.AlignedPageFormat}
     * in {@code body} (LZ4-compressed from {@code uncompressedBytes} when {@code compressed}), a slice of the
     * native memory the frame arrived in. {@code wireBytes}, the frame payload size, is the unit of credit;
     * {@code creditWaitNanos} how long the sender waited for credit before it could send this message.
     *
     * <p>On the wire, after the common header: long sequence, long backlogBytes, long rawBytes,
     * long creditWaitNanos, int pageCount, int flags (bit 0: compressed), int uncompressedBytes, then zeros
     * up to a multiple of 8 bytes, so that the body starts aligned; then the body.
     */
    record Data(ExchangeId exchangeId, int partition, String sender, long sequence, long backlogBytes, long rawBytes, long creditWaitNanos, int pageCount,
            boolean compressed, int uncompressedBytes, MemorySegment body, long wireBytes)
            implements ExchangeMessage
    {
        private static final int FLAG_COMPRESSED = 1;
        private static final int FIELDS_BYTES = 4 * Long.BYTES + 3 * Integer.BYTES;

        @Override
        public Frame toFrame()
        {
            throw new UnsupportedOperationException("data messages are sent as bulk frames (header, then body)");
        }

        /** Bytes of the header (aligned) before the body of a data message on this channel. */
        static int headerBytes(ExchangeId exchangeId, String sender)
        {
            return (int) AlignedPageFormat.aligned(ExchangeMessage.headerBytes(exchangeId, sender) + FIELDS_BYTES);
        }

        /** The header of a data message, in direct memory, to go before its body. */
        static ByteBuf header(ByteBufAllocator allocator, ExchangeId exchangeId, int partition, String sender, long sequence, long backlogBytes, long rawBytes,
                long creditWaitNanos, int pageCount, boolean compressed, long uncompressedBytes)
        {
            int size = headerBytes(exchangeId, sender);
            ByteBuf header = allocator.directBuffer(size);
            byte[] query = exchangeId.queryId().getBytes(StandardCharsets.UTF_8);
            byte[] senderBytes = sender.getBytes(StandardCharsets.UTF_8);
            header.writeInt(query.length).writeBytes(query).writeInt(exchangeId.exchangeNumber()).writeInt(partition);
            header.writeInt(senderBytes.length).writeBytes(senderBytes);
            header.writeLong(sequence).writeLong(backlogBytes).writeLong(rawBytes).writeLong(creditWaitNanos);
            header.writeInt(pageCount).writeInt(compressed ? FLAG_COMPRESSED : 0).writeInt(Math.toIntExact(uncompressedBytes));
            header.writeZero(size - header.writerIndex());
            return header;
        }

        static Data parse(MemorySegment payload)
        {
            try {
                ByteBuffer buffer = payload.asByteBuffer();
                ExchangeId exchangeId = new ExchangeId(readString(buffer), buffer.getInt());
                int partition = buffer.getInt();
                String sender = readString(buffer);
                long sequence = buffer.getLong();
                long backlog = buffer.getLong();
                long rawBytes = buffer.getLong();
                long creditWait = buffer.getLong();
                int pageCount = buffer.getInt();
                int flags = buffer.getInt();
                int uncompressedBytes = buffer.getInt();
                if ((flags & ~FLAG_COMPRESSED) != 0 || pageCount < 0 || uncompressedBytes < 0) {
                    throw new FrameFormatException("data frame with flags 0x" + Integer.toHexString(flags) + ", " + pageCount + " pages of " + uncompressedBytes + " bytes");
                }
                long bodyStart = AlignedPageFormat.aligned(buffer.position());
                if (bodyStart > payload.byteSize()) {
                    throw new FrameFormatException("data frame of " + payload.byteSize() + " bytes ends in its header");
                }
                // counts a corrupt peer sends must not size arrays or buffers: each page takes at least its
                // 8-byte header, and LZ4 expands a byte at most 255 times
                long bodyBytes = payload.byteSize() - bodyStart;
                boolean compressed = (flags & FLAG_COMPRESSED) != 0;
                if (pageCount > uncompressedBytes / Long.BYTES || (compressed ? uncompressedBytes > bodyBytes * 255 + 16 : uncompressedBytes != bodyBytes)) {
                    throw new FrameFormatException("data frame of " + pageCount + " pages in " + uncompressedBytes + " bytes does not fit its body of " + bodyBytes
                            + (compressed ? " compressed" : "") + " bytes");
                }
                return new Data(exchangeId, partition, sender, sequence, backlog, rawBytes, creditWait, pageCount, compressed, uncompressedBytes,
                        payload.asSlice(bodyStart), payload.byteSize());
            }
            catch (FrameFormatException e) {
                throw e;
            }
            catch (RuntimeException e) {
                throw new FrameFormatException("malformed EXCHANGE_DATA frame of " + payload.byteSize() + " bytes: " + e);
            }
        }
    }

    static ExchangeMessage parse(Frame frame)
    {
        ByteBuffer buffer = ByteBuffer.wrap(frame.payload());
        try {
            ExchangeId exchangeId = new ExchangeId(readString(buffer), buffer.getInt());
            int partition = buffer.getInt();
            String sender = readString(buffer);
            return switch (frame.type()) {
                case EXCHANGE_OPEN -> new Open(exchangeId, partition, sender);
                case EXCHANGE_END -> new End(exchangeId, partition, sender, buffer.getLong());
                case EXCHANGE_CREDIT -> new Credit(exchangeId, partition, sender, buffer.getLong(), buffer.getLong(), buffer.getLong());
                case EXCHANGE_CLOSED -> new Closed(exchangeId, partition, sender);
                default -> throw new FrameFormatException("not an exchange frame: " + frame.type());
            };
        }
        catch (RuntimeException e) {
            if (e instanceof FrameFormatException formatException) {
                throw formatException;
            }
            throw new FrameFormatException("malformed " + frame.type() + " frame of " + frame.payload().length + " bytes: " + e);
        }
    }

    private static int headerBytes(ExchangeId exchangeId, String sender)
    {
        return 4 * Integer.BYTES + utf8Length(exchangeId.queryId()) + utf8Length(sender);
    }

    private static ByteBuffer header(ExchangeMessage message, int bodyBytes)
    {
        byte[] query = message.exchangeId().queryId().getBytes(StandardCharsets.UTF_8);
        byte[] sender = message.sender().getBytes(StandardCharsets.UTF_8);
        ByteBuffer buffer = ByteBuffer.allocate(Integer.BYTES + query.length + 2 * Integer.BYTES + Integer.BYTES + sender.length + bodyBytes);
        buffer.putInt(query.length).put(query).putInt(message.exchangeId().exchangeNumber()).putInt(message.partition());
        buffer.putInt(sender.length).put(sender);
        return buffer;
    }

    private static int utf8Length(String value)
    {
        return value.getBytes(StandardCharsets.UTF_8).length;
    }

    private static String readString(ByteBuffer buffer)
    {
        int length = buffer.getInt();
        if (length < 0 || length > buffer.remaining()) {
            throw new FrameFormatException("string length " + length + " exceeds the " + buffer.remaining() + " bytes left");
        }
        byte[] bytes = new byte[length];
        buffer.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
