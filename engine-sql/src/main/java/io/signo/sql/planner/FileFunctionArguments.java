package io.signo.sql.planner;

import io.signo.sql.catalog.FileTableMacro;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlShuttle;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Names the positional arguments of a file function in FROM: DuckDB's {@code read_csv('x.csv',
 * header => true)} mixes a positional path with named options, which Calcite refuses, so the path
 * becomes {@code path => 'x.csv'}. An option the function does not have is an error that lists the
 * ones it has, where Calcite would only say that no function matches.
 */
final class FileFunctionArguments
        extends SqlShuttle
{
    private final Map<String, FileTableMacro> functions;

    private FileFunctionArguments(Map<String, FileTableMacro> functions)
    {
        this.functions = functions;
    }

    static SqlNode rewrite(SqlNode statement, Map<String, FileTableMacro> functions)
    {
        return statement.accept(new FileFunctionArguments(functions));
    }

    @Override
    public SqlNode visit(SqlCall call)
    {
        if (call.getKind() != SqlKind.COLLECTION_TABLE || !(call.operand(0) instanceof SqlCall function) || !function.getOperator().getNameAsId().isSimple()) {
            return super.visit(call);
        }
        String name = function.getOperator().getName().toLowerCase(Locale.ROOT);
        FileTableMacro macro = functions.get(name);
        if (macro == null) {
            return super.visit(call);
        }
        List<String> parameters = macro.parameterNames();
        List<SqlNode> operands = function.getOperandList();
        for (int i = 0; i < operands.size(); i++) {
            SqlNode operand = operands.get(i);
            if (operand.getKind() == SqlKind.ARGUMENT_ASSIGNMENT) {
                String option = ((SqlIdentifier) ((SqlCall) operand).operand(1)).getSimple();
                if (parameters.stream().noneMatch(parameter -> parameter.equalsIgnoreCase(option))) {
                    throw new SignoException(ErrorCode.INVALID_ARGUMENT, name + " has no option " + option + " (it takes " + String.join(", ", parameters) + ")");
                }
            }
            else if (i >= parameters.size()) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, name + " takes at most " + parameters.size() + " arguments");
            }
            else {
                SqlIdentifier parameter = new SqlIdentifier(parameters.get(i), operand.getParserPosition());
                function.setOperand(i, SqlStdOperatorTable.ARGUMENT_ASSIGNMENT.createCall(operand.getParserPosition(), operand, parameter));
            }
        }
        return call;
    }
}
