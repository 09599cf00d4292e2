package io.signo.storage.file;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The files a {@code read_csv} or {@code read_parquet} path names: one file, or every file a glob
 * matches ({@code *}, {@code ?}, {@code [ab]}, {@code {a,b}} within a name, {@code **} across
 * directories), in name order so that a table of several files always reads them alike.
 */
public final class FileList
{
    /** Enough for the globs a process's views and statements name; past it the cache starts again. */
    private static final int MAX_CACHED_MATCHERS = 256;

    private static final Map<String, PathMatcher> MATCHERS = new ConcurrentHashMap<>();

    private FileList() {}

    /**
     * The files of {@code pattern}, relative to the working directory unless absolute.
     *
     * @throws SignoException FILE_NOT_FOUND naming the pattern when nothing readable matches
     */
    public static List<Path> expand(String pattern)
    {
        if (pattern == null || pattern.isBlank()) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "a file path is empty");
        }
        int firstWildcard = firstWildcard(pattern);
        if (firstWildcard < 0) {
            Path file = Path.of(pattern);
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                throw new SignoException(ErrorCode.FILE_NOT_FOUND, "no such file: " + pattern + (Files.isDirectory(file) ? " (a directory; to read its files, name them with a glob such as " + Path.of(pattern, "*") + ")" : ""));
            }
            return List.of(file);
        }
        // list from the deepest directory without a wildcard, matching the whole pattern
        int slash = pattern.lastIndexOf('/', firstWildcard);
        Path root = slash < 0 ? Path.of("") : Path.of(slash == 0 ? "/" : pattern.substring(0, slash));
        String relativePattern = slash < 0 ? pattern : pattern.substring(slash + 1);
        PathMatcher matcher = matcher(relativePattern);
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(root)) {
            Path start = root.toString().isEmpty() ? Path.of(".") : root;
            try {
                // ** matches across directories, with or without a slash around it
                if (relativePattern.indexOf('/') < 0 && !relativePattern.contains("**")) {
                    listDirectory(root, start, matcher, files);
                }
                else {
                    walk(root, start, relativePattern, matcher, files);
                }
            }
            catch (IOException e) {
                throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot list the files of " + pattern + ": " + e.getMessage(), e);
            }
            catch (UncheckedIOException e) {
                throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot list the files of " + pattern + ": " + e.getCause().getMessage(), e);
            }
            files.sort(null);
        }
        if (files.isEmpty()) {
            throw new SignoException(ErrorCode.FILE_NOT_FOUND, "no file matches " + pattern);
        }
        return List.copyOf(files);
    }

    /**
     * The files of one directory whose names match: the usual glob ({@code dir/*.parquet}) is
     * listed with one directory read, and only the names that match are looked at, where a walk
     * looks at every entry (a directory of other files costs a stat each) before matching.
     */
    private static void listDirectory(Path root, Path start, PathMatcher matcher, List<Path> files)
            throws IOException
    {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(start)) {
            for (Path entry : entries) {
                Path name = entry.getFileName();
                if (matcher.matches(name) && Files.isRegularFile(entry)) {
                    files.add(root.toString().isEmpty() ? name : entry);
                }
            }
        }
    }

    /**
     * The files below {@code start}, as deep as the pattern reaches ({@code **} any depth), whose paths
     * from it match. A walk does not enter a symbolic link, so one to the directory it starts from is
     * walked from its target, and the files named through the link, as a listing of one directory
     * names them.
     */
    private static void walk(Path root, Path start, String relativePattern, PathMatcher matcher, List<Path> files)
            throws IOException
    {
        int depth = relativePattern.contains("**") ? Integer.MAX_VALUE : (int) relativePattern.chars().filter(c -> c == '/').count() + 1;
        Path walked = Files.isSymbolicLink(start) ? start.toRealPath() : start;
        try (Stream<Path> walk = Files.walk(walked, depth)) {
            walk.filter(Files::isRegularFile)
                    .map(walked::relativize)
                    .filter(matcher::matches)
                    .map(relative -> root.toString().isEmpty() ? relative : start.resolve(relative))
                    .forEach(files::add);
        }
    }

    /** The pattern's matcher, compiled (a regular expression) once per pattern: views name the same globs in statement after statement. */
    private static PathMatcher matcher(String relativePattern)
    {
        PathMatcher matcher = MATCHERS.get(relativePattern);
        if (matcher == null) {
            matcher = FileSystems.getDefault().getPathMatcher("glob:" + relativePattern);
            if (MATCHERS.size() >= MAX_CACHED_MATCHERS) {
                MATCHERS.clear();
            }
            MATCHERS.put(relativePattern, matcher);
        }
        return matcher;
    }

    private static int firstWildcard(String pattern)
    {
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == '{') {
                return i;
            }
        }
        return -1;
    }
}
