package io.signo.core.operator.join;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.util.List;

/** Builds a {@link LookupSource} on the calling thread, every step of {@link LookupSourceBuilder} in order. */
final class LookupSources
{
    private LookupSources() {}

    static LookupSource build(List<Page> pages, List<Integer> keyChannels, List<Type> types)
    {
        LookupSourceBuilder builder = new LookupSourceBuilder(pages, keyChannels, types);
        boolean duplicates = false;
        for (int task = 0; task < builder.loadTasks(); task++) {
            duplicates |= builder.loadTask(task);
        }
        if (builder.sortTasks() > 0) {
            builder.beginSort();
            for (int task = 0; task < builder.sortTasks(); task++) {
                builder.sortTask(task);
            }
            builder.endSort();
            for (int task = 0; task < builder.insertTasks(); task++) {
                duplicates |= builder.insertTask(task);
            }
        }
        return builder.complete(duplicates);
    }
}
