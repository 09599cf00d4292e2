package io.signo.server.cli;

/** How {@code signo sql} prints a result. */
public enum OutputFormat
{
    TABLE,
    CSV
}
