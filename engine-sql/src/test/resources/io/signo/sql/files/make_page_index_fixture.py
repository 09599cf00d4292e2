"""Writes page_index.parquet, a file with a page index (column index and offset index), which
ParquetFilesTest reads to check that a scan skips row groups by their pages' min and max.

DuckDB writes no page index; pyarrow does when asked. Two row groups of 10,000 rows, pages of 1,000
rows (write_batch_size and data_page_size keep them small):
- row group 0: k is 0..4999 then 15000..19999, so its min and max (0, 19999) span the gap that its
  pages leave between 5000 and 14999;
- row group 1: k is 7000..16999, pages that do cover the gap;
and v = k * 3, NULL where k % 97 = 0.
Run with `pip install pyarrow` and `python3 make_page_index_fixture.py`; the file is committed.
"""
import pyarrow as pa
import pyarrow.parquet as pq

keys = list(range(0, 5000)) + list(range(15000, 20000)) + list(range(7000, 17000))
table = pa.table({
    "k": pa.array(keys, pa.int64()),
    "v": pa.array([None if k % 97 == 0 else k * 3 for k in keys], pa.int32()),
})
pq.write_table(table, "page_index.parquet", row_group_size=10000, write_page_index=True,
               data_page_size=1000, write_batch_size=1000, use_dictionary=False, compression="snappy")
