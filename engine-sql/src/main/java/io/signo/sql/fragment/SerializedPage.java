package io.signo.sql.fragment;

import java.io.Serializable;

import static java.util.Objects.requireNonNull;

/** Stands for a page of constant rows (a VALUES node) in an encoded plan: the page's wire format bytes. */
record SerializedPage(byte[] bytes)
        implements Serializable
{
    SerializedPage
    {
        requireNonNull(bytes, "bytes is null");
    }
}
