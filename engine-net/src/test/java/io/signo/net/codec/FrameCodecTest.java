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
