package io.signo.storage.table;

import io.signo.storage.type.Type;

/** A named, typed column of a table. */
public record Column(String name, Type type) {}
