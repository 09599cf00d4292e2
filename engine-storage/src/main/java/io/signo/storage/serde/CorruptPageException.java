package io.signo.storage.serde;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

/** Serialized page bytes that fail validation: truncated, tampered with, or written by an incompatible version. */
public class CorruptPageException
        extends SignoException
{
    public CorruptPageException(String message)
    {
        super(ErrorCode.CORRUPT_DATA, message);
    }

    public CorruptPageException(String message, Throwable cause)
    {
        super(ErrorCode.CORRUPT_DATA, message, cause);
    }
}
