package io.signo.server.cli;

/** A command cannot go on for a reason the user can fix (a missing file, say); the message says which. */
final class CommandFailedException
        extends RuntimeException
{
    CommandFailedException(String message, Throwable cause)
    {
        super(message, cause);
    }

    CommandFailedException(String message)
    {
        super(message);
    }
}
