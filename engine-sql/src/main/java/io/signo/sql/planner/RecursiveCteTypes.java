package io.signo.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives a recursive CTE the column types of its seed, as DuckDB does: the recursive term's columns
 * are cast to them, and a string column is a VARCHAR (a literal seed such as {@code 'a'} is a CHAR(1)
 * to Calcite, which a growing string would not fit). Calcite types the CTE as the union of the seed
 * and the term instead, but the term reads the CTE as the seed types it: a term that widens a column
 * ({@code n + 0.5} over an INTEGER, {@code price + 1} over a DECIMAL(15, 2)) changes the type it
 * reads, and the conversion to relational algebra fails.
 *
 * <p>The seeds' types come from validating a copy of the statement in which each recursive CTE is
 * its seed alone ({@link #seedsOnly}): validating the whole statement would already have cast the seed
 * to the union's type. The casts then go into the statement itself ({@link #applyCasts}) before it is
 * validated.
 */
final class RecursiveCteTypes
{
    /** A recursive CTE's seed as written and the types its columns take. */
    record SeedTypes(RelDataType seed, RelDataType target) {}

    private RecursiveCteTypes() {}

    /** Whether the statement has a recursive CTE, anywhere. */
    static boolean hasRecursiveCte(SqlNode statement)
    {
        return !recursiveItems(statement).isEmpty();
    }

    /**
     * Turns each recursive CTE of a parsed statement of the form {@code seed UNION [ALL] term} into a
     * CTE of its seed alone, not recursive; returns them, to read their types once validated.
     */
    static List<SqlWithItem> seedsOnly(SqlNode parsed)
    {
        List<SqlWithItem> items = new ArrayList<>();
        for (SqlWithItem item : recursiveItems(parsed)) {
            if (item.query instanceof SqlCall union && isSeedAndTerm(union)) {
                item.query = union.operand(0);
                item.recursive = SqlLiteral.createBoolean(false, item.recursive.getParserPosition());
                items.add(item);
            }
        }
        return items;
    }

    /** The types of the seeds {@link #seedsOnly} kept, read from the validated copy, by the position of each CTE's name. */
    static Map<SqlParserPos, SeedTypes> seedTypes(List<SqlWithItem> seeds, SqlValidator validator)
    {
        Map<SqlParserPos, SeedTypes> types = new HashMap<>();
        for (SqlWithItem item : seeds) {
            RelDataType seed = validator.getValidatedNodeTypeIfKnown(item.query);
            if (seed == null || !castable(seed)) {
                continue;
            }
            RelDataType target = validator.getTypeFactory().createStructType(seed.getFieldList().stream().map(field -> target(field, validator)).toList(),
                    seed.getFieldNames());
            types.put(item.name.getParserPosition(), new SeedTypes(seed, target));
        }
        return types;
    }

    /**
     * Casts the recursive term of each recursive CTE of the statement to the types of its seed (and the
     * seed itself, where its strings are not VARCHARs yet).
     */
    static void applyCasts(SqlNode parsed, Map<SqlParserPos, SeedTypes> types, SqlValidator validator)
    {
        for (SqlWithItem item : recursiveItems(parsed)) {
            SeedTypes seedTypes = types.get(item.name.getParserPosition());
            if (seedTypes == null || !(item.query instanceof SqlCall union) || !isSeedAndTerm(union) || !hasColumns(union.operand(1), seedTypes.target().getFieldCount())) {
                continue;
            }
            if (!sameTypes(seedTypes.seed(), seedTypes.target(), validator)) {
                union.setOperand(0, castTo(union.operand(0), seedTypes.target()));
            }
            union.setOperand(1, castTo(union.operand(1), seedTypes.target()));
        }
    }

    private static boolean isSeedAndTerm(SqlCall union)
    {
        return union.getKind() == SqlKind.UNION && union.operandCount() == 2;
    }

    /** Whether the term may have this many columns: a SELECT of a different count is left for the validator to report. */
    private static boolean hasColumns(SqlNode term, int count)
    {
        if (term instanceof SqlSelect select && select.getSelectList().stream().noneMatch(item -> item instanceof SqlIdentifier identifier && identifier.isStar())) {
            return select.getSelectList().size() == count;
        }
        return true;
    }

    private static RelDataType target(RelDataTypeField field, SqlValidator validator)
    {
        RelDataType type = field.getType();
        if (SqlTypeUtil.inCharFamily(type)) {
            return validator.getTypeFactory().createTypeWithNullability(validator.getTypeFactory().createSqlType(SqlTypeName.VARCHAR), type.isNullable());
        }
        return type;
    }

    private static boolean sameTypes(RelDataType row, RelDataType target, SqlValidator validator)
    {
        for (int i = 0; i < row.getFieldCount(); i++) {
            if (!SqlTypeUtil.equalSansNullability(validator.getTypeFactory(), row.getFieldList().get(i).getType(), target.getFieldList().get(i).getType())) {
                return false;
            }
        }
        return true;
    }

    /** Whether every target type can be written as a CAST (an interval, for one, cannot). */
    private static boolean castable(RelDataType target)
    {
        for (RelDataTypeField field : target.getFieldList()) {
            SqlTypeName name = field.getType().getSqlTypeName();
            if (SqlTypeName.INTERVAL_TYPES.contains(name) || !SqlTypeName.ALL_TYPES.contains(name)) {
                return false;
            }
        }
        return true;
    }

    /** {@code SELECT CAST(c0 AS t0) AS name0, ... FROM (query) AS "recursive term"(c0, ...)}. */
    private static SqlNode castTo(SqlNode query, RelDataType target)
    {
        SqlParserPos pos = query.getParserPosition();
        List<SqlNode> aliasOperands = new ArrayList<>();
        aliasOperands.add(query);
        aliasOperands.add(new SqlIdentifier("recursive term", pos));
        SqlNodeList selectList = new SqlNodeList(pos);
        for (int i = 0; i < target.getFieldCount(); i++) {
            RelDataTypeField field = target.getFieldList().get(i);
            String column = "$column" + i;
            aliasOperands.add(new SqlIdentifier(column, pos));
            SqlNode cast = SqlStdOperatorTable.CAST.createCall(pos, new SqlIdentifier(List.of("recursive term", column), pos), typeSpec(field.getType(), pos));
            selectList.add(SqlStdOperatorTable.AS.createCall(pos, cast, new SqlIdentifier(field.getName(), pos)));
        }
        SqlNode from = SqlStdOperatorTable.AS.createCall(pos, aliasOperands);
        return new SqlSelect(pos, null, selectList, from, null, null, null, null, null, null, null, null, null);
    }

    private static SqlDataTypeSpec typeSpec(RelDataType type, SqlParserPos pos)
    {
        if (type.getSqlTypeName() == SqlTypeName.VARCHAR) {
            // VARCHAR without a length, DuckDB's string
            return new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, pos), pos);
        }
        return SqlTypeUtil.convertTypeToSpec(type);
    }

    private static List<SqlWithItem> recursiveItems(SqlNode statement)
    {
        List<SqlWithItem> items = new ArrayList<>();
        statement.accept(new SqlBasicVisitor<Void>()
        {
            @Override
            public Void visit(SqlCall call)
            {
                if (call instanceof SqlWithItem item && item.recursive != null && item.recursive.booleanValue()) {
                    items.add(item);
                }
                return super.visit(call);
            }
        });
        return items;
    }
}
