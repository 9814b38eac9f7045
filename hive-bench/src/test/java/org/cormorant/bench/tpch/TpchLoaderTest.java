package org.cormorant.bench.tpch;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.cormorant.bench.TestDirs;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TpchLoaderTest {

    @Test
    void loadsIntoTheLocalFileSystemByteForByte() throws Exception {
        Path data = TestDirs.fresh("load-src");
        TpchGenerator.generate(0.002, data);
        Path dst = TestDirs.fresh("load-dst");
        FileSystem fs = FileSystem.getLocal(new Configuration());
        TpchLoader.Summary s = TpchLoader.load(data, fs, new org.apache.hadoop.fs.Path(dst.toUri()), (short) 1, 1 << 20, 4096);
        assertEquals(8, s.files().size());
        for (TpchSchema.Table t : TpchSchema.TABLES) {
            Path src = TpchGenerator.files(data, t).get(0);
            Path copy = dst.resolve(t.name()).resolve(src.getFileName());
            assertEquals(-1L, Files.mismatch(src, copy), t.name());
        }
    }

    @Test
    void appliesReplicationAndBlockSizeOnHdfs() throws Exception {
        Path data = TestDirs.fresh("load-hdfs-src");
        TpchGenerator.generate(0.01, data);
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, TestDirs.fresh("load-hdfs-cluster").toString());
        MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(2).build();
        try {
            cluster.waitActive();
            FileSystem fs = cluster.getFileSystem();
            long block = 1L << 20;
            TpchLoader.Summary s = TpchLoader.load(data, fs, new org.apache.hadoop.fs.Path("/tpch/sf0.01"), (short) 2, block,
                    TpchLoader.DEFAULT_BUFFER_SIZE);
            FileStatus lineitem = fs.getFileStatus(new org.apache.hadoop.fs.Path("/tpch/sf0.01/lineitem/lineitem.tbl"));
            assertEquals(2, lineitem.getReplication());
            assertEquals(block, lineitem.getBlockSize());
            assertEquals(Files.size(TpchGenerator.files(data, TpchSchema.LINEITEM).get(0)), lineitem.getLen());
            // lineitem at SF 0.01 is ~7 MB: several 1 MiB blocks, each on two DataNodes.
            var blocks = fs.getFileBlockLocations(lineitem, 0, lineitem.getLen());
            assertTrue(blocks.length >= 6, "blocks: " + blocks.length);
            for (var b : blocks) {
                assertEquals(2, b.getHosts().length);
            }
            assertTrue(s.totalBytes() > lineitem.getLen());
        } finally {
            cluster.shutdown();
        }
    }
}
