package io.signo.sql.catalog;

import org.apache.calcite.rel.type.RelDataType;

/**
 * The row type a view's query has in the statement that reads the view, validated against the
 * statement's own tables and files. A view stores its columns' types without nullability (its
 * tables may hold NULLs tomorrow); what its query gives today tells which of them hold none in
 * this statement, as a table's statistics say it for the table itself.
 */
@FunctionalInterface
public interface ViewQueryTypes
{
    /** The validated row type of {@code sql}, the query of view {@code viewName}; null when it does not validate. */
    RelDataType rowType(String sql, String viewName);
}
