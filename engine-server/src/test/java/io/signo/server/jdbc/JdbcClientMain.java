package io.signo.server.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;

/**
 * A JDBC client for a child process that has only the driver jar and this class: runs one query and
 * prints the column types, then one line per row, values separated by tabs ({@code NULL} for null).
 */
public final class JdbcClientMain
{
    private JdbcClientMain() {}

    public static void main(String[] args)
            throws Exception
    {
        try (Connection connection = DriverManager.getConnection(args[0]);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(args[1])) {
            ResultSetMetaData metaData = rows.getMetaData();
            StringBuilder line = new StringBuilder();
            for (int column = 1; column <= metaData.getColumnCount(); column++) {
                line.append(column > 1 ? "\t" : "").append(metaData.getColumnType(column));
            }
            System.out.println(line);
            while (rows.next()) {
                line.setLength(0);
                for (int column = 1; column <= metaData.getColumnCount(); column++) {
                    Object value = rows.getObject(column);
                    line.append(column > 1 ? "\t" : "").append(value == null ? "NULL" : value.toString());
                }
                System.out.println(line);
            }
        }
    }
}
