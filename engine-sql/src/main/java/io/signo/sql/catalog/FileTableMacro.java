package io.signo.sql.catalog;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.file.FileList;
import io.signo.storage.file.csv.CsvOptions;
import io.signo.storage.file.csv.CsvTable;
import io.signo.storage.file.parquet.ParquetTable;
import io.signo.storage.table.Table;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.TableMacro;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.util.NlsString;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code read_csv(...)} and {@code read_parquet(...)} in FROM, DuckDB's spelling: files read in
 * place as a table whose columns come from the files, found while the statement is planned. Calcite calls a macro once to validate
 * and again to convert; one instance serves one statement and reads the files once.
 */
public final class FileTableMacro
        implements TableMacro
{
    public static final String READ_CSV = "read_csv";
    public static final String READ_PARQUET = "read_parquet";

    /** A parameter: its name, the Java type Calcite hands its literal as, and whether it may be left out. */
    private record Parameter(String name, Class<?> javaType, boolean optional) {}

    private static final List<Parameter> CSV_PARAMETERS = List.of(
            new Parameter("path", Object.class, false),
            new Parameter("header", Boolean.class, true),
            new Parameter("delim", String.class, true),
            new Parameter("quote", String.class, true),
            new Parameter("nullstr", String.class, true),
            new Parameter("columns", String.class, true));

    private static final List<Parameter> PARQUET_PARAMETERS = List.of(new Parameter("path", Object.class, false));

    /** The endings of file names that {@code FROM 'name'} reads as a file without a function: Parquet, or else CSV. */
    private static final Pattern FILE_NAME = Pattern.compile("(?i).+\\.(parquet|csv|tsv|tbl)");

    private final String name;
    private final List<Parameter> parameters;
    private final Map<List<Object>, SignoCalciteTable> tables = new HashMap<>();

    private FileTableMacro(String name, List<Parameter> parameters)
    {
        this.name = name;
        this.parameters = parameters;
    }

    /** The file functions, by name, for one statement. */
    public static Map<String, FileTableMacro> forStatement()
    {
        return Map.of(READ_CSV, new FileTableMacro(READ_CSV, CSV_PARAMETERS), READ_PARQUET, new FileTableMacro(READ_PARQUET, PARQUET_PARAMETERS));
    }

    /** The names of the parameters, in order, for naming positional arguments. */
    public List<String> parameterNames()
    {
        return parameters.stream().map(Parameter::name).toList();
    }

    @Override
    public List<FunctionParameter> getParameters()
    {
        List<FunctionParameter> result = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            Parameter parameter = parameters.get(i);
            int ordinal = i;
            result.add(new FunctionParameter()
            {
                @Override
                public int getOrdinal()
                {
                    return ordinal;
                }

                @Override
                public String getName()
                {
                    return parameter.name();
                }

                @Override
                public RelDataType getType(RelDataTypeFactory typeFactory)
                {
                    // a Java type: Calcite hands a macro the literal values only of parameters typed so
                    return typeFactory.createJavaType(parameter.javaType());
                }

                @Override
                public boolean isOptional()
                {
                    return parameter.optional();
                }
            });
        }
        return result;
    }

    @Override
    public TranslatableTable apply(List<?> arguments)
    {
        List<Object> values = new ArrayList<>();
        for (Object argument : arguments) {
            values.add(plain(argument));
        }
        return tables.computeIfAbsent(values, this::open);
    }

    private SignoCalciteTable open(List<Object> values)
    {
        Map<String, Object> options = new LinkedHashMap<>();
        for (int i = 0; i < parameters.size(); i++) {
            if (values.get(i) != null) {
                options.put(parameters.get(i).name(), values.get(i));
            }
        }
        List<Path> files = files(options.get("path"));
        Table table = switch (name) {
            case READ_CSV -> CsvTable.of(scanName(options), files, csvOptions(options));
            case READ_PARQUET -> ParquetTable.of(scanName(options), files);
            default -> throw new IllegalStateException(name);
        };
        return new SignoCalciteTable(table);
    }

    /** How EXPLAIN and the planner name the scan: the call, so that two reads of other files are two tables. */
    private String scanName(Map<String, Object> options)
    {
        List<String> arguments = new ArrayList<>();
        options.forEach((parameter, value) -> arguments.add(parameter.equals("path") ? literal(value) : parameter + " => " + literal(value)));
        return name + "(" + String.join(", ", arguments) + ")";
    }

    private static String literal(Object value)
    {
        return switch (value) {
            case String text -> "'" + text.replace("'", "''") + "'";
            case List<?> list -> "ARRAY[" + String.join(", ", list.stream().map(FileTableMacro::literal).toList()) + "]";
            default -> String.valueOf(value);
        };
    }

    private List<Path> files(Object path)
    {
        List<Path> files = new ArrayList<>();
        switch (path) {
            case String pattern -> files.addAll(FileList.expand(pattern));
            case List<?> patterns when !patterns.isEmpty() -> {
                for (Object pattern : patterns) {
                    if (!(pattern instanceof String text)) {
                        throw new SignoException(ErrorCode.INVALID_ARGUMENT, name + ": a path must be a string, not " + pattern);
                    }
                    files.addAll(FileList.expand(text));
                }
            }
            case null, default -> throw new SignoException(ErrorCode.INVALID_ARGUMENT, name + ": the path must be a string or an ARRAY of strings, not " + path);
        }
        return files;
    }

    private CsvOptions csvOptions(Map<String, Object> options)
    {
        Character delimiter = oneCharacter(options, "delim");
        Character quote = oneCharacter(options, "quote");
        String columns = (String) options.get("columns");
        return new CsvOptions(delimiter, quote == null ? '"' : quote, (Boolean) options.get("header"), (String) options.get("nullstr"),
                columns == null ? null : SqlTypes.columnList(columns));
    }

    private Character oneCharacter(Map<String, Object> options, String option)
    {
        String value = (String) options.get(option);
        if (value == null) {
            return null;
        }
        String unescaped = value.equals("\\t") ? "\t" : value;
        if (unescaped.length() != 1) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, name + ": " + option + " must be one character, not '" + value + "'");
        }
        return unescaped.charAt(0);
    }

    /**
     * The table of {@code FROM 'sales.parquet'} (or {@code FROM "sales.csv"}), as DuckDB reads a
     * quoted file name: a Parquet file, or CSV with every option sniffed; null when the name does not
     * end as a file of those kinds.
     */
    public static SignoCalciteTable fileNamed(String name)
    {
        Matcher matcher = FILE_NAME.matcher(name);
        if (!matcher.matches()) {
            return null;
        }
        boolean parquet = matcher.group(1).equalsIgnoreCase("parquet");
        FileTableMacro macro = parquet ? new FileTableMacro(READ_PARQUET, PARQUET_PARAMETERS) : new FileTableMacro(READ_CSV, CSV_PARAMETERS);
        List<Object> arguments = new ArrayList<>();
        arguments.add(name);
        while (arguments.size() < macro.parameters.size()) {
            arguments.add(null);
        }
        return macro.open(arguments);
    }

    /** Calcite's form of a literal as a plain Java value. */
    private static Object plain(Object value)
    {
        return switch (value) {
            case NlsString string -> string.getValue();
            case List<?> list -> list.stream().map(FileTableMacro::plain).toList();
            case null, default -> value;
        };
    }
}
