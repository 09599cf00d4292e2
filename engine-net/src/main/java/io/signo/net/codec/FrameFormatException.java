package io.signo.net.codec;

/** A frame that does not follow the wire format: a bug or a foreign peer; the connection is closed. */
public final class FrameFormatException
        extends RuntimeException
{
    public FrameFormatException(String message)
    {
        super(message);
    }
}
