import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A JDBC client in Java 11's language, which OlderJavaClientTest compiles with --release 11 and
 * runs on an older Java with only the driver jar: prints what it reads, one line per row, values
 * separated by tabs, each line starting with what it answers. Arguments: the server's URL, a file
 * with a TPC-H query, a URL where no server listens.
 */
public final class Java11Client
{
    private Java11Client() {}

    public static void main(String[] args)
            throws Exception
    {
        String url = args[0];
        String tpchQuery = new String(Files.readAllBytes(Paths.get(args[1])), StandardCharsets.UTF_8);
        System.out.println("java\t" + System.getProperty("java.specification.version"));
        try (Connection connection = DriverManager.getConnection(url)) {
            System.out.println("driver\t" + connection.getMetaData().getDriverName());
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery(tpchQuery)) {
                print("query", rows);
            }
            try (PreparedStatement prepared = connection.prepareStatement(
                    "select o_orderpriority, count(*) from orders where o_orderdate >= ? and o_orderdate < ? and o_orderstatus = ? group by o_orderpriority order by o_orderpriority")) {
                prepared.setDate(1, Date.valueOf("1995-01-01"));
                prepared.setDate(2, Date.valueOf("1995-04-01"));
                prepared.setString(3, "F");
                try (ResultSet rows = prepared.executeQuery()) {
                    print("prepared1", rows);
                }
                prepared.setDate(2, Date.valueOf("1996-01-01"));
                prepared.setString(3, "O");
                try (ResultSet rows = prepared.executeQuery()) {
                    print("prepared2", rows);
                }
                prepared.clearParameters();
                prepared.setDate(1, Date.valueOf("1995-01-01"));
                try (ResultSet rows = prepared.executeQuery()) {
                    System.out.println("unbound\tno error");
                }
                catch (SQLException e) {
                    System.out.println("unbound\t" + e.getSQLState() + "\t" + e.getMessage());
                }
            }
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("select no_such_column from nation")) {
                System.out.println("server error\tno error");
            }
            catch (SQLException e) {
                System.out.println("server error\t" + e.getSQLState());
            }
        }
        try (Connection connection = DriverManager.getConnection(args[2])) {
            System.out.println("unreachable\tconnected");
        }
        catch (SQLException e) {
            System.out.println("unreachable\t" + e.getSQLState());
        }
    }

    private static void print(String label, ResultSet rows)
            throws SQLException
    {
        ResultSetMetaData metaData = rows.getMetaData();
        StringBuilder line = new StringBuilder(label + " types");
        for (int column = 1; column <= metaData.getColumnCount(); column++) {
            line.append('\t').append(metaData.getColumnType(column));
        }
        System.out.println(line);
        while (rows.next()) {
            line.setLength(0);
            line.append(label);
            for (int column = 1; column <= metaData.getColumnCount(); column++) {
                Object value = rows.getObject(column);
                line.append('\t').append(value == null ? "NULL" : value.toString());
            }
            System.out.println(line);
        }
    }
}
