package io.signo.sql.planner;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.NlsString;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * Constant folding for the planning of one statement. Calcite's simplifier folds a cast of a literal
 * by generating Java source and compiling it with Janino, about a millisecond a time while the JIT is
 * cool, and it asks again each time it simplifies a condition that holds one (a search argument over a
 * CHAR(25) column makes {@code CAST('GERMANY' AS CHAR(25))} anew on every pass). Here a character
 * literal cast to a character type it fits is folded directly, into the very literal the generated
 * code would give ({@code RexExecutable} hands its value to {@link RexBuilder#makeLiteral(Object,
 * RelDataType, boolean)} the same way); any other cast of a literal is compiled once per statement,
 * and every other list goes to {@code delegate}. Not thread safe: one per statement.
 */
final class CastFoldingExecutor
        implements RexExecutor
{
    private final RexExecutor delegate;
    private final Map<RexNode, RexNode> compiled = new HashMap<>();

    CastFoldingExecutor(RexExecutor delegate)
    {
        this.delegate = requireNonNull(delegate, "delegate is null");
    }

    @Override
    public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues)
    {
        if (constExps.size() != 1 || !(constExps.getFirst() instanceof RexCall cast) || cast.getKind() != SqlKind.CAST
                || !(cast.getOperands().getFirst() instanceof RexLiteral literal)) {
            delegate.reduce(rexBuilder, constExps, reducedValues);
            return;
        }
        RexNode folded = foldCharacterCast(rexBuilder, cast, literal);
        if (folded == null) {
            folded = compiled.get(cast);
            if (folded == null) {
                List<RexNode> values = new ArrayList<>(1);
                delegate.reduce(rexBuilder, constExps, values);
                folded = values.getFirst();
                compiled.put(cast, folded);
            }
        }
        reducedValues.add(folded);
    }

    /** {@code CAST('text' AS CHAR(n) / VARCHAR(n))} of a text that fits, padded to {@code n} for CHAR; null for any other cast. */
    private static RexNode foldCharacterCast(RexBuilder rexBuilder, RexCall cast, RexLiteral literal)
    {
        RelDataType type = cast.getType();
        SqlTypeName target = type.getSqlTypeName();
        if ((target != SqlTypeName.CHAR && target != SqlTypeName.VARCHAR)
                || !(literal.getValue() instanceof NlsString string)
                || !SqlTypeFamily.CHARACTER.contains(literal.getType())) {
            return null;
        }
        String value = string.getValue();
        int precision = type.getPrecision();
        if (precision == RelDataType.PRECISION_NOT_SPECIFIED || precision < 0) {
            if (target == SqlTypeName.CHAR) {
                return null;
            }
        }
        else if (value.length() > precision) {
            // whether a longer text is cut or fails is the runtime's call
            return null;
        }
        else if (target == SqlTypeName.CHAR && value.length() < precision) {
            value = value + " ".repeat(precision - value.length());
        }
        try {
            return rexBuilder.makeLiteral(value, type, true);
        }
        catch (RuntimeException e) {
            // a text the type's character set cannot hold: the generated code fails the same way; let it decide
            return null;
        }
    }
}
