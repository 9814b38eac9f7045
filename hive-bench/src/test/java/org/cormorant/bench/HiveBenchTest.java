package org.cormorant.bench;

import org.cormorant.bench.reference.DuckDbReference;
import org.cormorant.bench.result.ResultTable;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line's generate, load and verify (run is exercised by the Hive tests). */
class HiveBenchTest {

    @Test
    void generateLoadAndVerify() throws Exception {
        Path dir = TestDirs.fresh("cli");
        Path data = dir.resolve("data");
        assertEquals(0, HiveBench.commandLine().execute("generate", "--sf", "0.002", "--out", data.toString()));
        assertTrue(Files.isRegularFile(data.resolve("lineitem/lineitem.tbl")));

        assertEquals(0, HiveBench.commandLine().execute("load", "--data", data.toString(), "--fs", "file:///",
                "--target", dir.resolve("loaded").toString(), "--replication", "1", "--block-size", "1m"));
        assertEquals(-1L, Files.mismatch(data.resolve("orders/orders.tbl"), dir.resolve("loaded/orders/orders.tbl")));

        ResultTable q6;
        try (DuckDbReference ref = DuckDbReference.open(data)) {
            q6 = ref.run(6);
        }
        Path good = dir.resolve("q6.tsv");
        q6.write(good);
        assertEquals(0, HiveBench.commandLine().execute("verify", "--query", "6", "--result", good.toString(), "--data", data.toString()));

        List<List<String>> wrong = new ArrayList<>();
        wrong.add(List.of("1.00"));
        Path bad = dir.resolve("q6-wrong.tsv");
        new ResultTable(q6.columns(), q6.types(), wrong).write(bad);
        assertEquals(1, HiveBench.commandLine().execute("verify", "--query", "6", "--result", bad.toString(), "--reference", good.toString()));
    }

    @Test
    void byteSizes() {
        assertEquals(64L << 20, HiveBench.parseBytes("64m"));
        assertEquals(1L << 30, HiveBench.parseBytes("1G"));
        assertEquals(4096, HiveBench.parseBytes("4096"));
    }
}
