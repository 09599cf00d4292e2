package io.signo.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.util.NlsString;

/**
 * Calcite's validator with one change: a string literal is a {@code VARCHAR} of its length, not a
 * {@code CHAR(n)}.
 *
 * <p>Signo's CHAR values carry no trailing spaces (as PostgreSQL's {@code bpchar}), so a CHAR literal
 * would lose them: {@code LENGTH(' x ')} would be 2 and {@code 'a ' = 'a'} true, and the literals of a
 * CASE or a UNION would take the longest one's CHAR(n). DuckDB, PostgreSQL and Trino type a literal
 * VARCHAR and keep every character. A comparison with a CHAR column still ignores the column's pad
 * spaces, since either side being CHAR makes it so ({@code n_name = 'GERMANY'}).
 * {@link SignoSqlToRelConverter} makes the converted literal the same VARCHAR.
 */
final class SignoValidator
        extends SqlValidatorImpl
{
    SignoValidator(SqlOperatorTable operatorTable, SqlValidatorCatalogReader catalogReader, RelDataTypeFactory typeFactory, Config config)
    {
        super(operatorTable, catalogReader, typeFactory, config);
    }

    @Override
    public RelDataType deriveType(SqlValidatorScope scope, SqlNode expression)
    {
        if (isStringLiteral(expression)) {
            RelDataType type = varyingType((SqlLiteral) expression, getTypeFactory());
            setValidatedNodeType(expression, type);
            return type;
        }
        return super.deriveType(scope, expression);
    }

    /** Whether a node is a non-NULL character string literal. */
    static boolean isStringLiteral(SqlNode node)
    {
        return node instanceof SqlLiteral literal && literal.getTypeName() == SqlTypeName.CHAR && literal.getValue() != null;
    }

    /** The type of a string literal: VARCHAR of its length, with the charset and collation Calcite gives its CHAR(n). */
    static RelDataType varyingType(SqlLiteral literal, RelDataTypeFactory typeFactory)
    {
        RelDataType character = literal.createSqlType(typeFactory);
        if (character.getSqlTypeName() != SqlTypeName.CHAR) {
            return character;
        }
        // a literal longer than the type system's longest VARCHAR(n) (Calcite caps CHAR(n) there too) is an unbounded VARCHAR, which the cast to it does not cut
        int length = literal.getValueAs(NlsString.class).getValue().length();
        RelDataType varyingType = length > typeFactory.getTypeSystem().getMaxPrecision(SqlTypeName.VARCHAR)
                ? typeFactory.createSqlType(SqlTypeName.VARCHAR)
                : typeFactory.createSqlType(SqlTypeName.VARCHAR, character.getPrecision());
        RelDataType varying = typeFactory.createTypeWithNullability(varyingType, character.isNullable());
        return typeFactory.createTypeWithCharsetAndCollation(varying, character.getCharset(), character.getCollation());
    }
}
