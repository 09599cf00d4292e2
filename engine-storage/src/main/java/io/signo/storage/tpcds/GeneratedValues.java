package io.signo.storage.tpcds;

/** Parses the text io.trino.tpcds gives for DATE and DECIMAL values. */
final class GeneratedValues
{
    private GeneratedValues() {}

    /** Days since 1970-01-01 of an ISO date {@code yyyy-mm-dd}. */
    static int epochDay(String date)
    {
        if (date.length() != 10 || date.charAt(4) != '-' || date.charAt(7) != '-') {
            throw new IllegalArgumentException("not a yyyy-mm-dd date: " + date);
        }
        int year = digits(date, 0, 4);
        int month = digits(date, 5, 7);
        int day = digits(date, 8, 10);
        return Math.toIntExact(java.time.LocalDate.of(year, month, day).toEpochDay());
    }

    /** The unscaled value at {@code scale} of a decimal such as {@code -779.73}, {@code 5} or {@code 0.1}. */
    static long unscaledDecimal(String text, int scale)
    {
        int length = text.length();
        int position = 0;
        boolean negative = false;
        if (length > 0 && (text.charAt(0) == '-' || text.charAt(0) == '+')) {
            negative = text.charAt(0) == '-';
            position++;
        }
        long value = 0;
        int fractionDigits = -1;
        boolean anyDigit = false;
        for (; position < length; position++) {
            char c = text.charAt(position);
            if (c == '.' && fractionDigits < 0) {
                fractionDigits = 0;
                continue;
            }
            if (c < '0' || c > '9') {
                throw new NumberFormatException("not a decimal: " + text);
            }
            anyDigit = true;
            if (fractionDigits >= 0) {
                if (fractionDigits == scale) {
                    throw new NumberFormatException("more than " + scale + " fraction digits: " + text);
                }
                fractionDigits++;
            }
            value = Math.addExact(Math.multiplyExact(value, 10), c - '0');
        }
        if (!anyDigit) {
            throw new NumberFormatException("not a decimal: " + text);
        }
        for (int digits = Math.max(fractionDigits, 0); digits < scale; digits++) {
            value = Math.multiplyExact(value, 10);
        }
        return negative ? -value : value;
    }

    private static int digits(String text, int from, int to)
    {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("not a yyyy-mm-dd date: " + text);
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
