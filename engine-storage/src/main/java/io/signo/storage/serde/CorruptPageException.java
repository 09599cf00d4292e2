package io.signo.storage.serde;

/** Serialized page bytes that fail validation: truncated, tampered with, or written by an incompatible version. */
public class CorruptPageException
        extends RuntimeException
{
    public CorruptPageException(String message)
    {
        super(message);
    }

    public CorruptPageException(String message, Throwable cause)
    {
        super(message, cause);
    }
}
