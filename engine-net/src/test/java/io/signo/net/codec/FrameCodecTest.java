package io.signo.net.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FrameCodecTest
{
    @Test
    void framesSurviveTheWireEvenWhenSplitOrCoalesced()
    {
        EmbeddedChannel sender = new EmbeddedChannel(FrameEncoder.INSTANCE);
        sender.writeOutbound(new Frame(FrameType.REQUEST, new byte[] {1, 2, 3}), Frame.empty(FrameType.PING));
        ByteBuf wire = Unpooled.buffer();
        ByteBuf part;
        while ((part = sender.readOutbound()) != null) {
            wire.writeBytes(part);
            part.release();
        }
        assertEquals(4 + 1 + 3 + 4 + 1, wire.readableBytes());

        EmbeddedChannel receiver = new EmbeddedChannel(new FrameDecoder(1024));
        // the bytes arrive in two arbitrary pieces
        receiver.writeInbound(wire.readRetainedSlice(6));
        receiver.writeInbound(wire.readRetainedSlice(wire.readableBytes()));
        wire.release();
        Frame first = receiver.readInbound();
        Frame second = receiver.readInbound();
        assertEquals(FrameType.REQUEST, first.type());
        assertArrayEquals(new byte[] {1, 2, 3}, first.payload());
        assertEquals(FrameType.PING, second.type());
        assertEquals(0, second.payload().length);
        assertNull(receiver.readInbound());
    }

    @Test
    void bulkFramesArriveInNativeMemoryOfTheirOwnWhateverPiecesTheWireCutsThemInto()
    {
        EmbeddedChannel sender = new EmbeddedChannel(FrameEncoder.INSTANCE);
        ByteBuf direct = Unpooled.directBuffer(3000);
        for (int i = 0; i < 3000; i++) {
            direct.writeByte(i * 7);
        }
        sender.writeOutbound(new BulkFrame(FrameType.EXCHANGE_DATA, Unpooled.wrappedBuffer(direct)), Frame.empty(FrameType.PING));
        ByteBuf wire = Unpooled.buffer();
        ByteBuf part;
        while ((part = sender.readOutbound()) != null) {
            wire.writeBytes(part);
            part.release();
        }
        assertEquals(0, direct.refCnt(), "writing a bulk frame releases its buffer");

        EmbeddedChannel receiver = new EmbeddedChannel(new FrameDecoder(1 << 20));
        // pieces that cut the header, the payload and the next frame
        for (int cut : new int[] {3, 1000, 1001, 1000, 2}) {
            receiver.writeInbound(wire.readRetainedSlice(cut));
        }
        receiver.writeInbound(wire.readRetainedSlice(wire.readableBytes()));
        wire.release();
        SegmentFrame bulk = receiver.readInbound();
        assertEquals(FrameType.EXCHANGE_DATA, bulk.type());
        assertEquals(3000, bulk.payload().byteSize());
        assertEquals(0, bulk.payload().address() % 8, "aligned, so that vectors can be its slices");
        for (int i = 0; i < 3000; i++) {
            assertEquals((byte) (i * 7), bulk.payload().get(java.lang.foreign.ValueLayout.JAVA_BYTE, i));
        }
        Frame ping = receiver.readInbound();
        assertEquals(FrameType.PING, ping.type());
        assertNull(receiver.readInbound());
    }

    @Test
    void oversizedOrUnknownFramesAreRejected()
    {
        EmbeddedChannel receiver = new EmbeddedChannel(new FrameDecoder(1024));
        ByteBuf huge = Unpooled.buffer().writeInt(1 << 30).writeByte(FrameType.PING.code());
        assertThrows(TooLongFrameException.class, () -> receiver.writeInbound(huge));

        EmbeddedChannel other = new EmbeddedChannel(new FrameDecoder(1024));
        ByteBuf unknown = Unpooled.buffer().writeInt(1).writeByte(99);
        DecoderException failure = assertThrows(DecoderException.class, () -> other.writeInbound(unknown));
        assertInstanceOf(FrameFormatException.class, failure.getCause());
    }
}
