package io.signo.storage.table;

import io.signo.storage.type.Type;

/** A named, typed column of a table; {@code notNull} when the table refuses NULLs in it. */
public record Column(String name, Type type, boolean notNull)
        implements java.io.Serializable
{
    public Column(String name, Type type)
    {
        this(name, type, false);
    }
}
