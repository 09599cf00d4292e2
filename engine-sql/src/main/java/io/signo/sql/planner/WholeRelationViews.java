package io.signo.sql.planner;

import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.catalog.FileTableMacro;
import io.signo.sql.catalog.SignoCalciteTable;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.util.NlsString;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Puts the relation of a view that reads one relation whole ({@code CREATE VIEW lineitem AS SELECT *
 * FROM read_parquet('lineitem.parquet')}, the usual way to name files) in the statement in place of
 * the view's name, before the statement is validated. Expanding such a view validates its query and
 * converts it in every statement that reads it, once per read; read directly, the relation costs
 * what a table in FROM costs. The answer is the same: the view's columns are the relation's, which
 * is checked against the view's stored columns (names, and types but for nullability, as {@link
 * io.signo.sql.catalog.SignoCalciteView} takes them) with the relation as this statement sees it (the
 * files as they are now, the table of this snapshot); a view whose relation no longer matches, one
 * whose name or relation a WITH item of the statement could mean instead, and any other view are
 * expanded as before.
 */
final class WholeRelationViews
{
    private final Catalog catalog;
    private final Map<String, FileTableMacro> fileFunctions;
    private final RelDataTypeFactory typeFactory;
    /** The statement's WITH items' names, lower case: where one is in scope, a name may mean it. */
    private final Set<String> withNames;

    private WholeRelationViews(Catalog catalog, Map<String, FileTableMacro> fileFunctions, RelDataTypeFactory typeFactory, Set<String> withNames)
    {
        this.catalog = catalog;
        this.fileFunctions = fileFunctions;
        this.typeFactory = typeFactory;
        this.withNames = withNames;
    }

    /**
     * The statement with every view that reads one relation whole replaced by that relation, changed
     * in place.
     *
     * @param fileFunctions the statement's file functions, which then read the files once for both
     */
    static SqlNode inline(SqlNode statement, Catalog catalog, Map<String, FileTableMacro> fileFunctions, RelDataTypeFactory typeFactory)
    {
        if (catalog.views().isEmpty()) {
            return statement;
        }
        Set<String> withNames = new HashSet<>();
        statement.accept(new SqlBasicVisitor<Void>()
        {
            @Override
            public Void visit(SqlCall call)
            {
                if (call instanceof SqlWithItem item) {
                    withNames.add(item.name.getSimple().toLowerCase(Locale.ROOT));
                }
                return super.visit(call);
            }
        });
        WholeRelationViews views = new WholeRelationViews(catalog, fileFunctions, typeFactory, withNames);
        statement.accept(new SqlBasicVisitor<Void>()
        {
            @Override
            public Void visit(SqlCall call)
            {
                if (call instanceof SqlSelect select && select.getFrom() != null) {
                    select.setFrom(views.fromItem(select.getFrom()));
                }
                return super.visit(call);
            }
        });
        return statement;
    }

    /** An item of a FROM clause, with the views it names directly replaced. */
    private SqlNode fromItem(SqlNode from)
    {
        switch (from.getKind()) {
            case IDENTIFIER -> {
                SqlIdentifier name = (SqlIdentifier) from;
                SqlNode relation = relation(name);
                // the view's name stays the relation's alias, as columns qualified by it expect
                return relation == null ? from : SqlStdOperatorTable.AS.createCall(from.getParserPosition(), relation, new SqlIdentifier(name.getSimple(), name.getParserPosition()));
            }
            case AS -> {
                SqlCall as = (SqlCall) from;
                if (as.operand(0) instanceof SqlIdentifier name) {
                    SqlNode relation = relation(name);
                    if (relation != null) {
                        as.setOperand(0, relation);
                    }
                }
                return from;
            }
            case JOIN -> {
                SqlJoin join = (SqlJoin) from;
                join.setLeft(fromItem(join.getLeft()));
                join.setRight(fromItem(join.getRight()));
                return from;
            }
            default -> {
                return from;
            }
        }
    }

    /** The relation the view of this name reads whole, to stand in its place; null for a name that is no such view. */
    private SqlNode relation(SqlIdentifier name)
    {
        if (!name.isSimple() || withNames.contains(name.getSimple().toLowerCase(Locale.ROOT)) || catalog.table(name.getSimple()) != null) {
            return null;
        }
        Catalog.View view = catalog.view(name.getSimple());
        if (view == null || !catalog.inSchema(view.name(), catalog.schemaName())) {
            return null;
        }
        SqlNode relation = ViewTexts.wholeRelation(view.sql());
        if (relation == null) {
            return null;
        }
        RelDataType rowType;
        try {
            rowType = rowType(relation);
        }
        catch (RuntimeException e) {
            // a file that cannot be read, say: the view's expansion fails with the error in its own words
            return null;
        }
        return rowType != null && matches(rowType, view.columns()) ? relation : null;
    }

    /** The row type of a view's relation in this statement; null where it is not a table of the catalog's own schema or a file function with literal arguments. */
    private RelDataType rowType(SqlNode relation)
    {
        if (relation instanceof SqlIdentifier name) {
            if (!name.isSimple() || withNames.contains(name.getSimple().toLowerCase(Locale.ROOT))) {
                return null;
            }
            Table table = catalog.table(name.getSimple());
            return table == null || !catalog.inSchema(table.name(), catalog.schemaName()) ? null : new SignoCalciteTable(table).getRowType(typeFactory);
        }
        if (!(((SqlCall) relation).operand(0) instanceof SqlCall function) || !function.getOperator().getNameAsId().isSimple()) {
            return null;
        }
        FileTableMacro macro = fileFunctions.get(function.getOperator().getName().toLowerCase(Locale.ROOT));
        if (macro == null) {
            return null;
        }
        List<Object> arguments = arguments(macro.parameterNames(), function.getOperandList());
        return arguments == null ? null : macro.apply(arguments).getRowType(typeFactory);
    }

    /** A file function's arguments by position, as Calcite hands them to it; null when one is not a literal, or not one of its parameters. */
    private static List<Object> arguments(List<String> parameters, List<SqlNode> operands)
    {
        List<Object> arguments = new ArrayList<>(Collections.nCopies(parameters.size(), null));
        for (int i = 0; i < operands.size(); i++) {
            SqlNode operand = operands.get(i);
            int position = i;
            if (operand.getKind() == SqlKind.ARGUMENT_ASSIGNMENT) {
                String parameter = ((SqlIdentifier) ((SqlCall) operand).operand(1)).getSimple();
                position = -1;
                for (int p = 0; p < parameters.size(); p++) {
                    if (parameters.get(p).equalsIgnoreCase(parameter)) {
                        position = p;
                    }
                }
                operand = ((SqlCall) operand).operand(0);
            }
            if (position < 0 || position >= parameters.size()) {
                return null;
            }
            Object value = value(operand);
            if (value == null) {
                return null;
            }
            arguments.set(position, value);
        }
        return arguments;
    }

    /** A literal string, boolean or array of strings as a Java value; null for anything else. */
    private static Object value(SqlNode operand)
    {
        if (operand instanceof SqlLiteral literal) {
            if (literal.getTypeName() == SqlTypeName.CHAR) {
                return literal.getValueAs(NlsString.class).getValue();
            }
            return literal.getTypeName() == SqlTypeName.BOOLEAN ? literal.booleanValue() : null;
        }
        if (operand.getKind() == SqlKind.ARRAY_VALUE_CONSTRUCTOR) {
            List<Object> values = new ArrayList<>();
            for (SqlNode element : ((SqlCall) operand).getOperandList()) {
                if (!(element instanceof SqlLiteral literal) || literal.getTypeName() != SqlTypeName.CHAR) {
                    return null;
                }
                values.add(literal.getValueAs(NlsString.class).getValue());
            }
            return values;
        }
        return null;
    }

    /** Whether the relation has the view's columns: the same names in order, the same types but for nullability. */
    private boolean matches(RelDataType rowType, List<Column> columns)
    {
        List<RelDataTypeField> fields = rowType.getFieldList();
        if (fields.size() != columns.size()) {
            return false;
        }
        for (int i = 0; i < columns.size(); i++) {
            Column column = columns.get(i);
            RelDataTypeField field = fields.get(i);
            if (!field.getName().equals(column.name())
                    || !typeFactory.createTypeWithNullability(field.getType(), true).equals(CalciteTypes.toCalcite(column.type(), typeFactory, true))) {
                return false;
            }
        }
        return true;
    }
}
