package io.signo.sql.rel;

import io.signo.core.operator.sort.SortOrder;

import java.util.List;

final class SortKeys
{
    private SortKeys() {}

    static String describe(List<Integer> channels, List<SortOrder> orders)
    {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < channels.size(); i++) {
            if (i > 0) {
                text.append(", ");
            }
            SortOrder order = orders.get(i);
            text.append('#').append(channels.get(i)).append(order.ascending() ? " ASC" : " DESC").append(order.nullsFirst() ? " NULLS FIRST" : " NULLS LAST");
        }
        return text.toString();
    }
}
