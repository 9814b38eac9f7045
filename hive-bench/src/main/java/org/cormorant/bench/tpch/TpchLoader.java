package org.cormorant.bench.tpch;

import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies a generated TPC-H directory into a Hadoop {@link FileSystem} (HDFS or local), every file
 * written with {@link FileSystem#create(Path, boolean, int, short, long)} so the scenario's replica
 * count and block size apply to the benchmark's input. Target layout: {@code <target>/<table>/<file>},
 * the layout the Hive DDL points at.
 */
public final class TpchLoader {

    public static final int DEFAULT_BUFFER_SIZE = 64 * 1024;

    /** One copied file. */
    public record LoadedFile(Path path, long bytes, short replication, long blockSize) {
    }

    /** What a load wrote. */
    public record Summary(Path target, List<LoadedFile> files, long elapsedMillis) {

        public long totalBytes() {
            return files.stream().mapToLong(LoadedFile::bytes).sum();
        }
    }

    private TpchLoader() {
    }

    /**
     * Copies every table of {@code dataDir} (written by {@link TpchGenerator}) under {@code target} on
     * {@code fs}, replacing what is there.
     *
     * @param replication replicas per block (HDFS; the local file system ignores it)
     * @param blockSize   block size in bytes (HDFS wants a multiple of {@code dfs.bytes-per-checksum}, 512
     *                    by default, and at least {@code dfs.namenode.fs-limits.min-block-size}, 1 MiB by
     *                    default)
     */
    public static Summary load(java.nio.file.Path dataDir, FileSystem fs, Path target, short replication,
                               long blockSize, int bufferSize) throws IOException {
        if (replication < 1) {
            throw new IllegalArgumentException("replication must be >= 1: " + replication);
        }
        if (blockSize <= 0) {
            throw new IllegalArgumentException("block size must be > 0: " + blockSize);
        }
        TpchGenerator.readManifest(dataDir);
        long start = System.nanoTime();
        Path root = fs.makeQualified(target);
        List<LoadedFile> loaded = new ArrayList<>();
        byte[] buf = new byte[bufferSize];
        for (TpchSchema.Table table : TpchSchema.TABLES) {
            Path dir = new Path(root, table.directory());
            if (fs.exists(dir)) {
                fs.delete(dir, true);
            }
            fs.mkdirs(dir);
            for (java.nio.file.Path file : TpchGenerator.files(dataDir, table)) {
                Path dst = new Path(dir, file.getFileName().toString());
                long n = 0;
                try (InputStream in = Files.newInputStream(file);
                     FSDataOutputStream out = fs.create(dst, true, bufferSize, replication, blockSize)) {
                    int r;
                    while ((r = in.read(buf)) > 0) {
                        out.write(buf, 0, r);
                        n += r;
                    }
                }
                loaded.add(new LoadedFile(dst, n, replication, blockSize));
            }
        }
        return new Summary(root, loaded, (System.nanoTime() - start) / 1_000_000);
    }
}
