"""Writes dictionary_fallback.parquet, which ParquetFilesTest reads for a string column that falls
back from dictionary to plain pages in the middle of a column chunk, as parquet-java and pyarrow do
when a chunk's dictionary outgrows its page limit (DuckDB decides per chunk instead).

Row group 0 (6000 rows): s starts with five short values (NULLs among them) in dictionary-encoded
pages, then turns unique and its later pages are plain. Row group 1 (3000 rows): s has five other
values, dictionary-encoded throughout. f is a one-byte flag with NULLs, dictionary-encoded throughout.
Run with `pip install pyarrow` and `python3 make_dictionary_fallback_fixture.py`; the file is committed.
"""
import pyarrow as pa
import pyarrow.parquet as pq

ROWS = 9000


def s_value(i):
    if i % 7 == 0:
        return None
    if i < 3000:
        return "v%d" % (i % 5)
    if i < 6000:
        return "unique value %05d" % i
    return "w%d" % (i % 5)


table = pa.table({
    "i": pa.array(range(ROWS), pa.int32()),
    "s": pa.array([s_value(i) for i in range(ROWS)], pa.string()),
    "f": pa.array([None if i % 11 == 0 else "NRA"[i % 3] for i in range(ROWS)], pa.string()),
})
pq.write_table(table, "dictionary_fallback.parquet", row_group_size=6000, compression="snappy", data_page_version="1.0",
               data_page_size=1024, dictionary_pagesize_limit=4096, write_batch_size=256)

metadata = pq.ParquetFile("dictionary_fallback.parquet").metadata
for group in range(metadata.num_row_groups):
    column = metadata.row_group(group).column(1)
    print(group, column.encodings, column.has_dictionary_page)
