package org.cormorant.hdfs;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A bad setting stops a real NameNode from starting, with a message naming the key. */
class ConfigurationErrorsMiniClusterTest {
    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
        "cormorant.replica.mode, fastest",
        "cormorant.nim.address, ''",
        "cormorant.nim.address, nim-host:7070",
        "cormorant.nim.refresh-ms, -1",
        "cormorant.nim.max-age-ms, soon",
        "cormorant.replica.reservation-ttl-ms, -60000",
        "cormorant.replica.reservation-fraction, 2",
    })
    void nameNodeRefusesToFormatOrStart(String key, String value) {
        Configuration conf = MiniCluster.pluginConf("http://127.0.0.1:1", key, value);
        Throwable thrown = assertThrows(Throwable.class, () -> {
            MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, MiniCluster.baseDir("bad-conf"))
                    .numDataNodes(0).build();
            cluster.shutdown();
        });
        assertNamesKey(key, thrown);
    }

    @Test
    void formattedNameNodeRefusesToStartWithABadMode() throws Exception {
        File dir = MiniCluster.baseDir("restart");
        Configuration good = MiniCluster.pluginConf("http://127.0.0.1:1", "cormorant.replica.mode", "stock");
        new MiniDFSCluster.Builder(good, dir).numDataNodes(0).build().shutdown();
        Configuration bad = MiniCluster.pluginConf("http://127.0.0.1:1", "cormorant.replica.mode", "nearest");
        Throwable thrown = assertThrows(Throwable.class, () -> {
            MiniDFSCluster cluster = new MiniDFSCluster.Builder(bad, dir).format(false).numDataNodes(0).build();
            cluster.shutdown();
        });
        assertNamesKey("cormorant.replica.mode", thrown);
    }

    private static void assertNamesKey(String key, Throwable thrown) {
        IllegalArgumentException cause = null;
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            assertTrue(!(t instanceof NullPointerException), "NPE in " + thrown);
            if (t instanceof IllegalArgumentException e && e.getMessage() != null && e.getMessage().startsWith(key + ":")) {
                cause = e;
            }
        }
        assertNotNull(cause, "no IllegalArgumentException naming " + key + " in " + thrown);
    }
}
