package io.signo.sql.fragment;

import java.io.Serializable;

import static java.util.Objects.requireNonNull;

/** Stands for a table in an encoded plan: tables are not shipped, each worker has its own. */
record TableReference(String name)
        implements Serializable
{
    TableReference
    {
        requireNonNull(name, "name is null");
    }
}
