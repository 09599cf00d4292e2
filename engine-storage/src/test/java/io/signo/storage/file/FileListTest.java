package io.signo.storage.file;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FileListTest
{
    @TempDir
    Path directory;

    private Path touch(String relative)
            throws IOException
    {
        Path file = directory.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, relative);
    }

    private List<Path> expand(String relativePattern)
    {
        return FileList.expand(directory + "/" + relativePattern);
    }

    @Test
    void aGlobInOneDirectoryMatchesFilesByNameInNameOrder()
            throws IOException
    {
        Path b = touch("part_b.parquet");
        Path a = touch("part_a.parquet");
        Path c = touch("part_c.parquet");
        touch("part_d.csv");
        touch("other.parquet");
        // a directory whose name matches is not a file of the table
        Files.createDirectories(directory.resolve("part_e.parquet"));
        touch("nested/part_f.parquet");
        assertEquals(List.of(a, b, c), expand("part_*.parquet"));
        assertEquals(List.of(a, c), expand("part_{a,c}.parquet"));
        assertEquals(List.of(a, b), expand("part_[ab].parquet"));
        assertEquals(List.of(a, b, c), expand("part_?.parquet"));
    }

    @Test
    void globsAcrossDirectories()
            throws IOException
    {
        Path top = touch("top.parquet");
        Path one = touch("x/one.parquet");
        Path two = touch("x/y/two.parquet");
        Path three = touch("z/three.parquet");
        assertEquals(List.of(one, three), expand("*/*.parquet"));
        assertEquals(List.of(top, one, two, three), expand("**.parquet"));
        assertEquals(List.of(one, two, three), expand("**/*.parquet"));
        assertEquals(List.of(two), expand("x/*/two.parquet"));
    }

    @Test
    void aFileAddedOrRemovedBetweenTwoListingsIsSeenByTheSecond()
            throws IOException
    {
        Path a = touch("part_a.parquet");
        assertEquals(List.of(a), expand("part_*.parquet"));
        Path b = touch("part_b.parquet");
        assertEquals(List.of(a, b), expand("part_*.parquet"));
        Files.delete(a);
        assertEquals(List.of(b), expand("part_*.parquet"));
    }

    @Test
    void aGlobFromADirectoryReachedThroughASymbolicLinkListsItsFiles()
            throws IOException
    {
        touch("data/part_a.parquet");
        touch("data/part_b.parquet");
        Path link = Files.createSymbolicLink(directory.resolve("link"), directory.resolve("data"));
        assertEquals(List.of(link.resolve("part_a.parquet"), link.resolve("part_b.parquet")), expand("link/part_*.parquet"));
        assertEquals(List.of(link.resolve("part_a.parquet"), link.resolve("part_b.parquet")), expand("link/**.parquet"));
        touch("data/more/part_c.parquet");
        assertEquals(List.of(link.resolve("more/part_c.parquet")), expand("link/*/part_*.parquet"));
    }

    @Test
    void aGlobThatMatchesNothingIsFileNotFound()
            throws IOException
    {
        touch("part_a.csv");
        SignoException none = assertThrows(SignoException.class, () -> expand("part_*.parquet"));
        assertEquals(ErrorCode.FILE_NOT_FOUND, none.errorCode());
        SignoException noDirectory = assertThrows(SignoException.class, () -> expand("missing/*.parquet"));
        assertEquals(ErrorCode.FILE_NOT_FOUND, noDirectory.errorCode());
    }
}
