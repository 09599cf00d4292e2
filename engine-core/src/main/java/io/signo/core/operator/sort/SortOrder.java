package io.signo.core.operator.sort;

import java.io.Serializable;

/** The direction of one sort key and where its NULLs go. */
public record SortOrder(boolean ascending, boolean nullsFirst)
        implements Serializable
{
    public static final SortOrder ASC_NULLS_LAST = new SortOrder(true, false);
    public static final SortOrder ASC_NULLS_FIRST = new SortOrder(true, true);
    public static final SortOrder DESC_NULLS_LAST = new SortOrder(false, false);
    public static final SortOrder DESC_NULLS_FIRST = new SortOrder(false, true);
}
