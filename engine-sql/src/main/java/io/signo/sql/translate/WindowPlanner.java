package io.signo.sql.translate;

import com.google.common.collect.BoundType;
import io.signo.core.exchange.ExchangeKind;
import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.AggregateKind;
import io.signo.core.operator.sort.SortOrder;
import io.signo.core.operator.window.FrameBound;
import io.signo.core.operator.window.WindowFrame;
import io.signo.core.operator.window.WindowFunction;
import io.signo.core.operator.window.WindowFunctionKind;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TopNPerPartitionNode;
import io.signo.sql.rel.WindowNode;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.rex.RexWindowExclusion;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.Sarg;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Plans Calcite's windows: per window specification (group), an exchange that gives each driver
 * whole partitions (hash on the PARTITION BY keys, or one stream without them) and a {@link WindowNode}.
 * Arguments that are constants or need a cast to the result type are computed first, as extra
 * channels after the input's, and dropped after the windows; SUM0's empty sums become 0 there too.
 */
final class WindowPlanner
{
    private final PhysicalPlanner planner;
    private final RexBuilder rexBuilder;

    WindowPlanner(PhysicalPlanner planner, RexBuilder rexBuilder)
    {
        this.planner = planner;
        this.rexBuilder = rexBuilder;
    }

    PlanNode plan(Window window)
    {
        PlanNode source = planner.visit(window.getInput());
        Arguments arguments = new Arguments(window, source.outputTypes());
        List<List<WindowFunction>> functionsByGroup = new ArrayList<>();
        List<Boolean> zeroWhenEmpty = new ArrayList<>();
        for (Window.Group group : window.groups) {
            WindowFrame frame = frame(group, arguments, source.outputTypes());
            List<WindowFunction> functions = new ArrayList<>();
            for (Window.RexWinAggCall call : group.aggCalls) {
                functions.add(function(call, frame, arguments));
                zeroWhenEmpty.add(call.getOperator().getKind() == SqlKind.SUM0);
            }
            functionsByGroup.add(functions);
        }
        double rows = planner.rows(window);
        PlanNode node = arguments.extraCount() == 0 ? source : arguments.project(source);
        for (int i = 0; i < window.groups.size(); i++) {
            Window.Group group = window.groups.get(i);
            List<Integer> partitionChannels = group.keys.asList();
            node = wholePartitions(node, partitionChannels);
            List<Integer> orderChannels = new ArrayList<>();
            List<SortOrder> orders = new ArrayList<>();
            for (RelFieldCollation collation : group.orderKeys.getFieldCollations()) {
                orderChannels.add(collation.getFieldIndex());
                orders.add(PhysicalPlanner.sortOrder(collation));
            }
            node = new WindowNode(node, partitionChannels, orderChannels, orders, functionsByGroup.get(i), rows);
        }
        if (arguments.extraCount() > 0 || zeroWhenEmpty.contains(true)) {
            node = dropExtrasAndZeroEmptySums(node, source.outputTypes().size(), arguments.extraCount(), zeroWhenEmpty, rows);
        }
        return node;
    }

    /** A filter's plan over a ranking window: the top rows per partition, and what is left of the filter's condition (null for nothing). */
    record TopNPlan(PlanNode node, RexNode remainingCondition) {}

    /**
     * The plan of {@code condition} over {@code window} as a top-N per partition, when the window
     * computes one ROW_NUMBER, RANK or DENSE_RANK with an ORDER BY and the condition bounds it from
     * above ({@code rn <= n}, {@code rn < n}, {@code rn = n}, or the same reversed); else null. A partial
     * step goes before the exchange that brings each partition together, so that fewer rows cross it.
     * The bounds the top-N fulfils ({@code <=}, {@code <}, {@code = 1}) leave the condition.
     */
    TopNPlan topNPerPartition(Window window, RexNode condition, double rows)
    {
        if (window.groups.size() != 1 || !window.constants.isEmpty()) {
            return null;
        }
        Window.Group group = window.groups.getFirst();
        if (group.aggCalls.size() != 1 || group.orderKeys.getFieldCollations().isEmpty()) {
            return null;
        }
        Window.RexWinAggCall call = group.aggCalls.getFirst();
        WindowFunctionKind ranking = switch (call.getOperator().getKind()) {
            case ROW_NUMBER -> WindowFunctionKind.ROW_NUMBER;
            case RANK -> WindowFunctionKind.RANK;
            case DENSE_RANK -> WindowFunctionKind.DENSE_RANK;
            default -> null;
        };
        if (ranking == null) {
            return null;
        }
        int rankField = window.getInput().getRowType().getFieldCount();
        long maxRank = Long.MAX_VALUE;
        List<RexNode> remaining = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            RankBound bound = RankBound.of(conjunct, rankField);
            if (bound == null) {
                remaining.add(conjunct);
                continue;
            }
            maxRank = Math.min(maxRank, bound.maxRank());
            if (!bound.fulfilled()) {
                remaining.add(conjunct);
            }
        }
        if (maxRank > Integer.MAX_VALUE) {
            return null;
        }
        PlanNode source = planner.visit(window.getInput());
        List<Integer> partitionChannels = group.keys.asList();
        List<Integer> sortChannels = new ArrayList<>();
        List<SortOrder> orders = new ArrayList<>();
        for (RelFieldCollation collation : group.orderKeys.getFieldCollations()) {
            sortChannels.add(collation.getFieldIndex());
            orders.add(PhysicalPlanner.sortOrder(collation));
        }
        Type rankType = CalciteTypes.toSigno(call.getType());
        int rank = (int) Math.max(0, maxRank);
        PlanNode gathered = wholePartitions(source, partitionChannels);
        if (gathered instanceof ExchangeNode exchange && exchange.scope() == ExchangeNode.Scope.REMOTE) {
            PlanNode partial = new TopNPerPartitionNode(source, partitionChannels, sortChannels, orders, ranking, rank, true, rankType, Math.min(rows, source.estimatedRows()));
            gathered = wholePartitions(partial, partitionChannels);
        }
        PlanNode node = new TopNPerPartitionNode(gathered, partitionChannels, sortChannels, orders, ranking, rank, false, rankType, rows);
        return new TopNPlan(node, remaining.isEmpty() ? null : RexUtil.composeConjunction(rexBuilder, remaining));
    }

    /** A conjunct that bounds the rank from above: the largest rank it admits, and whether every rank up to that passes it. */
    private record RankBound(long maxRank, boolean fulfilled)
    {
        static RankBound of(RexNode conjunct, int rankField)
        {
            if (!(conjunct instanceof RexCall call) || call.getOperands().size() != 2) {
                return null;
            }
            SqlKind kind = call.getKind();
            RexNode left = call.getOperands().get(0);
            RexNode right = call.getOperands().get(1);
            if (right instanceof RexInputRef && left instanceof RexLiteral) {
                kind = kind.reverse();
                RexNode swapped = left;
                left = right;
                right = swapped;
            }
            if (!(left instanceof RexInputRef reference) || reference.getIndex() != rankField || !(right instanceof RexLiteral literal)) {
                return null;
            }
            if (kind == SqlKind.SEARCH) {
                // ranges of ranks (rn > 1 AND rn <= 3): bounded by the largest range's end, which stays to be checked
                Sarg<?> sarg = literal.getValueAs(Sarg.class);
                if (sarg == null || sarg.rangeSet.isEmpty() || !sarg.rangeSet.span().hasUpperBound() || !(sarg.rangeSet.span().upperEndpoint() instanceof BigDecimal upper)) {
                    return null;
                }
                boolean closed = sarg.rangeSet.span().upperBoundType() == BoundType.CLOSED;
                long rank = closed ? saturatedLong(upper.setScale(0, RoundingMode.FLOOR)) : saturatedLong(upper.setScale(0, RoundingMode.CEILING)) - 1;
                return new RankBound(rank, false);
            }
            if (literal.getTypeName() == SqlTypeName.SARG) {
                return null;
            }
            BigDecimal value = literal.getValueAs(BigDecimal.class);
            if (value == null) {
                return null;
            }
            return switch (kind) {
                case LESS_THAN_OR_EQUAL -> new RankBound(saturatedLong(value.setScale(0, RoundingMode.FLOOR)), true);
                case LESS_THAN -> new RankBound(saturatedLong(value.setScale(0, RoundingMode.CEILING)) - 1, true);
                case EQUALS -> {
                    boolean integral = value.stripTrailingZeros().scale() <= 0;
                    long rank = integral ? saturatedLong(value) : 0;
                    yield new RankBound(rank, rank == 1);
                }
                default -> null;
            };
        }

        private static long saturatedLong(BigDecimal value)
        {
            if (value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) >= 0) {
                return Long.MAX_VALUE;
            }
            return value.compareTo(BigDecimal.ZERO) < 0 ? 0 : value.longValueExact();
        }
    }

    /** The node, or an exchange over it after which each driver holds whole partitions of {@code keys}. */
    private static PlanNode wholePartitions(PlanNode node, List<Integer> keys)
    {
        if (node.distribution().isSingle()) {
            return node;
        }
        if (keys.isEmpty()) {
            return ExchangeNode.gather(node);
        }
        if (node.distribution().isPartitionedWithin(keys)) {
            return new ExchangeNode(List.of(node), ExchangeKind.HASH, ExchangeNode.Scope.LOCAL, keys, node.estimatedRows(), 0);
        }
        return ExchangeNode.remote(node, ExchangeKind.HASH, keys);
    }

    private static WindowFrame frame(Window.Group group, Arguments arguments, List<Type> inputTypes)
    {
        if (group.exclude != RexWindowExclusion.EXCLUDE_NO_OTHER) {
            throw unsupported("window frames with " + group.exclude);
        }
        boolean rangeOffsets = !group.isRows && (isOffset(group.lowerBound) || isOffset(group.upperBound));
        Type keyType = null;
        if (rangeOffsets) {
            // a RANGE offset measures the one ORDER BY key's values
            List<RelFieldCollation> keys = group.orderKeys.getFieldCollations();
            keyType = keys.size() == 1 ? inputTypes.get(keys.getFirst().getFieldIndex()) : null;
            if (keyType == null || keyType.isLongDecimal() || !RANGE_KEY_KINDS.contains(keyType.kind())) {
                throw unsupported("RANGE frames with an offset (" + group.lowerBound + " AND " + group.upperBound
                        + ") other than over one INTEGER, BIGINT, DECIMAL (of up to " + Type.MAX_SHORT_DECIMAL_PRECISION + " digits), DOUBLE, REAL, DATE or TIMESTAMP ORDER BY key; ROWS frames take offsets");
            }
        }
        FrameBound start = bound(group.lowerBound, arguments, keyType);
        FrameBound end = bound(group.upperBound, arguments, keyType);
        if (start.kind() == FrameBound.Kind.UNBOUNDED_FOLLOWING || end.kind() == FrameBound.Kind.UNBOUNDED_PRECEDING) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "a window frame cannot start at UNBOUNDED FOLLOWING nor end at UNBOUNDED PRECEDING");
        }
        return new WindowFrame(group.isRows, start, end);
    }

    private static final Set<TypeKind> RANGE_KEY_KINDS = EnumSet.of(TypeKind.INTEGER, TypeKind.BIGINT, TypeKind.DECIMAL, TypeKind.DOUBLE, TypeKind.REAL,
            TypeKind.DATE, TypeKind.TIMESTAMP);

    private static boolean isOffset(RexWindowBound bound)
    {
        return bound.isPreceding() && !bound.isUnbounded() || bound.isFollowing() && !bound.isUnbounded();
    }

    /**
     * A frame bound. A RANGE offset ({@code rangeKey} not null) is in the key's units: unscaled for a
     * DECIMAL, a double for DOUBLE and REAL, days for a DATE and microseconds for a TIMESTAMP, whose
     * offsets are day-time INTERVALs (Calcite holds their literals in milliseconds).
     */
    private static FrameBound bound(RexWindowBound bound, Arguments arguments, Type rangeKey)
    {
        if (bound.isUnboundedPreceding()) {
            return FrameBound.UNBOUNDED_PRECEDING;
        }
        if (bound.isUnboundedFollowing()) {
            return FrameBound.UNBOUNDED_FOLLOWING;
        }
        if (bound.isCurrentRow()) {
            return FrameBound.CURRENT_ROW;
        }
        FrameBound.Kind kind = bound.isPreceding() ? FrameBound.Kind.PRECEDING : FrameBound.Kind.FOLLOWING;
        TypeKind keyKind = rangeKey == null ? null : rangeKey.kind();
        if (keyKind == TypeKind.DATE || keyKind == TypeKind.TIMESTAMP) {
            RexNode offset = bound.getOffset();
            if (offset.getType().getSqlTypeName().getFamily() != SqlTypeFamily.INTERVAL_DAY_TIME) {
                throw unsupported("a RANGE offset over a " + keyKind + " key other than a day-time INTERVAL (days, hours, minutes, seconds): " + offset.getType());
            }
            BigDecimal millis = arguments.decimal(offset, "a window frame's offset");
            if (millis.signum() < 0) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, "a window frame's offset must not be negative: " + millis.movePointLeft(3).toPlainString() + " seconds");
            }
            if (keyKind == TypeKind.DATE) {
                BigDecimal[] days = millis.divideAndRemainder(BigDecimal.valueOf(86_400_000L));
                if (days[1].signum() != 0) {
                    throw unsupported("a RANGE offset over a DATE key that is not whole days: " + millis.movePointLeft(3).stripTrailingZeros().toPlainString() + " seconds");
                }
                return new FrameBound(kind, exactLong(days[0], offset));
            }
            return new FrameBound(kind, exactLong(millis.multiply(BigDecimal.valueOf(1000)), offset));
        }
        BigDecimal value = arguments.decimal(bound.getOffset(), "a window frame's offset");
        if (value.signum() < 0) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "a window frame's offset must not be negative: " + value);
        }
        if (keyKind == TypeKind.DOUBLE || keyKind == TypeKind.REAL) {
            return new FrameBound(kind, 0, value.doubleValue());
        }
        int scale = rangeKey == null ? 0 : rangeKey.scale();
        long offset;
        try {
            offset = value.movePointRight(scale).longValueExact();
        }
        catch (ArithmeticException e) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "a window frame's offset must be a number of the ORDER BY key's scale: " + value, e);
        }
        return new FrameBound(kind, offset);
    }

    private static long exactLong(BigDecimal value, RexNode offset)
    {
        try {
            return value.longValueExact();
        }
        catch (ArithmeticException e) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "a window frame's offset is out of range: " + offset, e);
        }
    }

    private static WindowFunction function(Window.RexWinAggCall call, WindowFrame frame, Arguments arguments)
    {
        String name = call.getOperator().getName();
        WindowFunction function = function(call, name, frame, arguments);
        if (call.ignoreNulls) {
            if (!function.kind().takesValue()) {
                throw unsupported("IGNORE NULLS in the window function " + name);
            }
            function = function.withIgnoreNulls();
        }
        if (call.distinct) {
            if (function.kind() != WindowFunctionKind.AGGREGATE) {
                throw unsupported("DISTINCT in the window function " + name);
            }
            if (frame.start().kind() != FrameBound.Kind.UNBOUNDED_PRECEDING && frame.end().kind() != FrameBound.Kind.UNBOUNDED_FOLLOWING) {
                throw unsupported("DISTINCT in the window aggregate " + name + " over a frame that neither starts at the partition's start nor ends at its end ("
                        + frame + ")");
            }
            function = function.withDistinct();
        }
        return function;
    }

    private static WindowFunction function(Window.RexWinAggCall call, String name, WindowFrame frame, Arguments arguments)
    {
        Type outputType = CalciteTypes.toSigno(call.getType());
        List<RexNode> operands = call.getOperands();
        return switch (call.getOperator().getKind()) {
            case ROW_NUMBER -> WindowFunction.ranking(WindowFunctionKind.ROW_NUMBER, 0, outputType);
            case RANK -> WindowFunction.ranking(WindowFunctionKind.RANK, 0, outputType);
            case DENSE_RANK -> WindowFunction.ranking(WindowFunctionKind.DENSE_RANK, 0, outputType);
            case PERCENT_RANK -> WindowFunction.ranking(WindowFunctionKind.PERCENT_RANK, 0, outputType);
            case CUME_DIST -> WindowFunction.ranking(WindowFunctionKind.CUME_DIST, 0, outputType);
            case NTILE -> WindowFunction.ranking(WindowFunctionKind.NTILE, positive(arguments.constant(operands.get(0), "NTILE's bucket count"), "NTILE's bucket count"), outputType);
            case LAG, LEAD -> {
                long offset = operands.size() > 1 ? arguments.constant(operands.get(1), name + "'s offset") : 1;
                List<Integer> channels = new ArrayList<>();
                channels.add(arguments.channel(operands.get(0), outputType));
                if (operands.size() > 2) {
                    channels.add(arguments.channel(operands.get(2), outputType));
                }
                WindowFunctionKind kind = call.getOperator().getKind() == SqlKind.LAG ? WindowFunctionKind.LAG : WindowFunctionKind.LEAD;
                yield new WindowFunction(kind, channels, offset, null, outputType, frame);
            }
            case FIRST_VALUE -> new WindowFunction(WindowFunctionKind.FIRST_VALUE, List.of(arguments.channel(operands.get(0), outputType)), 0, null, outputType, frame);
            case LAST_VALUE -> new WindowFunction(WindowFunctionKind.LAST_VALUE, List.of(arguments.channel(operands.get(0), outputType)), 0, null, outputType, frame);
            case NTH_VALUE -> new WindowFunction(WindowFunctionKind.NTH_VALUE, List.of(arguments.channel(operands.get(0), outputType)),
                    positive(arguments.constant(operands.get(1), "NTH_VALUE's position"), "NTH_VALUE's position"), null, outputType, frame);
            case COUNT, SUM, SUM0, AVG, MIN, MAX, VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP -> WindowFunction.aggregate(aggregate(call, outputType, arguments), frame);
            default -> throw unsupported("window function " + name);
        };
    }

    private static AggregateCall aggregate(Window.RexWinAggCall call, Type outputType, Arguments arguments)
    {
        SqlKind kind = call.getOperator().getKind();
        if (kind == SqlKind.COUNT && call.getOperands().isEmpty()) {
            return AggregateCall.countStar();
        }
        if (call.getOperands().size() != 1) {
            throw unsupported(call.getOperator().getName() + " with " + call.getOperands().size() + " arguments in a window");
        }
        RexNode operand = call.getOperands().getFirst();
        int channel = arguments.channel(operand, null);
        Type inputType = arguments.type(channel);
        AggregateKind aggregateKind = switch (kind) {
            case COUNT -> AggregateKind.COUNT;
            case SUM, SUM0 -> AggregateKind.SUM;
            case AVG -> AggregateKind.AVG;
            case MIN -> AggregateKind.MIN;
            case MAX -> AggregateKind.MAX;
            case VAR_SAMP -> AggregateKind.VAR_SAMP;
            case VAR_POP -> AggregateKind.VAR_POP;
            case STDDEV_SAMP -> AggregateKind.STDDEV_SAMP;
            case STDDEV_POP -> AggregateKind.STDDEV_POP;
            default -> throw unsupported("window aggregate " + call.getOperator().getName());
        };
        return new AggregateCall(aggregateKind, channel, inputType, outputType);
    }

    private static long positive(long value, String what)
    {
        if (value <= 0) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, what + " must be positive: " + value);
        }
        return value;
    }

    /** The Window's input columns and constants, and the extra channels computed for them before the windows. */
    private final class Arguments
    {
        private final Window window;
        private final List<Type> sourceTypes;
        private final int inputCount;
        private final List<Expression> extras = new ArrayList<>();
        private final List<String> extraTexts = new ArrayList<>();

        Arguments(Window window, List<Type> sourceTypes)
        {
            this.window = window;
            this.sourceTypes = sourceTypes;
            this.inputCount = window.getInput().getRowType().getFieldCount();
        }

        int extraCount()
        {
            return extras.size();
        }

        Type type(int channel)
        {
            return channel < sourceTypes.size() ? sourceTypes.get(channel) : extras.get(channel - sourceTypes.size()).type();
        }

        /** A literal operand, or a reference to one of the Window's constants. */
        private RexLiteral literal(RexNode operand)
        {
            if (operand instanceof RexLiteral literal) {
                return literal;
            }
            if (operand instanceof RexInputRef reference && reference.getIndex() >= inputCount) {
                return window.constants.get(reference.getIndex() - inputCount);
            }
            return null;
        }

        /** A numeric constant operand. */
        BigDecimal decimal(RexNode operand, String what)
        {
            RexLiteral literal = literal(operand);
            BigDecimal value = literal == null ? null : literal.getValueAs(BigDecimal.class);
            if (value == null) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, what + " must be a numeric constant: " + operand);
            }
            return value;
        }

        long constant(RexNode operand, String what)
        {
            BigDecimal value = decimal(operand, what);
            try {
                return value.longValueExact();
            }
            catch (ArithmeticException e) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, what + " must be an integer constant: " + value, e);
            }
        }

        /** The channel holding the operand as {@code type} (as it is when null): an input column, or an extra one. */
        int channel(RexNode operand, Type type)
        {
            RexLiteral literal = literal(operand);
            Expression expression;
            String text;
            if (literal != null) {
                Type literalType = type != null ? type : CalciteTypes.toSigno(literal.getType());
                expression = RexTranslator.identity(rexBuilder, List.of()).translateAs(literal, literalType);
                text = PhysicalPlanner.explainText(literal);
            }
            else if (operand instanceof RexInputRef reference) {
                Type inputType = sourceTypes.get(reference.getIndex());
                if (type == null || inputType.equals(type)) {
                    return reference.getIndex();
                }
                expression = Expressions.input(reference.getIndex(), inputType);
                text = "#" + reference.getIndex();
            }
            else {
                throw new SignoException(ErrorCode.INTERNAL_ERROR, "a window function's argument is neither a column nor a constant: " + operand);
            }
            if (type != null && !expression.type().equals(type)) {
                expression = Expressions.cast(expression, type);
                text = "CAST(" + text + " AS " + type + ")";
            }
            extras.add(expression);
            extraTexts.add(text);
            return sourceTypes.size() + extras.size() - 1;
        }

        /** The source's columns followed by the extra ones. */
        PlanNode project(PlanNode source)
        {
            List<Expression> projections = new ArrayList<>();
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < sourceTypes.size(); i++) {
                projections.add(Expressions.input(i, sourceTypes.get(i)));
                texts.add("#" + i);
            }
            projections.addAll(extras);
            texts.addAll(extraTexts);
            return new FilterProjectNode(source, null, null, projections, texts, source.estimatedRows());
        }
    }

    /** The input columns and the functions' columns, without the extra argument channels, an empty SUM0 as 0. */
    private static PlanNode dropExtrasAndZeroEmptySums(PlanNode node, int inputCount, int extraCount, List<Boolean> zeroWhenEmpty, double rows)
    {
        List<Type> types = node.outputTypes();
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < inputCount; i++) {
            projections.add(Expressions.input(i, types.get(i)));
            texts.add("#" + i);
        }
        for (int i = 0; i < zeroWhenEmpty.size(); i++) {
            int channel = inputCount + extraCount + i;
            Type type = types.get(channel);
            Expression column = Expressions.input(channel, type);
            if (zeroWhenEmpty.get(i)) {
                projections.add(Expressions.coalesce(List.of(column, Expressions.constant(type, AggregationPlanner.zeroOf(type))), type));
                texts.add("coalesce(#" + channel + ", 0)");
            }
            else {
                projections.add(column);
                texts.add("#" + channel);
            }
        }
        return new FilterProjectNode(node, null, null, projections, texts, rows);
    }

    private static SignoException unsupported(String what)
    {
        return new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + what);
    }
}
