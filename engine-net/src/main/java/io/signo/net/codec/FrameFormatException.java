package io.signo.net.codec;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

/** A frame that does not follow the wire format: a bug or a foreign peer; the connection is closed. */
public final class FrameFormatException
        extends SignoException
{
    public FrameFormatException(String message)
    {
        super(ErrorCode.CORRUPT_DATA, message);
    }
}
