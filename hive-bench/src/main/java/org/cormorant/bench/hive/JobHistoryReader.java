package org.cormorant.bench.hive;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a finished MapReduce job's phase times from the {@code .jhist} file its ApplicationMaster wrote.
 * No JobHistoryServer runs in our cluster, so the file is read where the AM leaves it, on the default
 * FileSystem of the run's Configuration: at job end the AM copies it to
 * {@code mapreduce.jobhistory.intermediate-done-dir} (default
 * {@code ${yarn.app.mapreduce.am.staging-dir}/history/done_intermediate}, staging dir default
 * {@code /tmp/hadoop-yarn/staging}) as {@code <user>/<jobid>-....jhist}; while the job runs it writes
 * {@code <staging-dir>/<user>/.staging/<jobid>/<jobid>_<attempt>.jhist}. The copy can lag the job's
 * completion a little, so both places are polled for up to {@code waitMillis}.
 * <p>Never throws for a missing or unreadable history: it logs one WARN line naming the job and why and
 * returns {@link JobPhases#NONE}. Local-mode jobs ({@code job_local...}) have no history and give NONE
 * silently. After one lookup found nothing within the wait, later lookups look only once (the history is
 * then likely not written at all, and 10 s per job would add up over 22 queries).
 */
public final class JobHistoryReader {
    private static final Logger LOG = LoggerFactory.getLogger(JobHistoryReader.class);
    static final String STAGING_DIR = "yarn.app.mapreduce.am.staging-dir";
    static final String INTERMEDIATE_DONE_DIR = "mapreduce.jobhistory.intermediate-done-dir";
    static final String DONE_DIR = "mapreduce.jobhistory.done-dir";
    private static final String DEFAULT_STAGING = "/tmp/hadoop-yarn/staging";

    private final Configuration conf;
    private final long waitMillis;
    private boolean everMissed;

    public JobHistoryReader(Configuration conf, long waitMillis) {
        this.conf = conf;
        this.waitMillis = waitMillis;
    }

    /** The job's phases, or {@link JobPhases#NONE} (with a WARN line unless it is a local-mode job). */
    public JobPhases phases(String jobId) {
        if (jobId == null || jobId.isBlank() || jobId.startsWith("job_local")) {
            return JobPhases.NONE;
        }
        Path file;
        try {
            file = find(jobId);
        } catch (IOException | RuntimeException e) {
            LOG.warn("job history of {}: cannot list its directories: {}", jobId, e.toString());
            return JobPhases.NONE;
        }
        if (file == null) {
            everMissed = true;
            LOG.warn("job history of {}: no .jhist under {}, {} or {} (phase times left empty)", jobId,
                    intermediateDir(), doneDir(), stagingDir());
            return JobPhases.NONE;
        }
        try {
            return read(file.getFileSystem(conf), file);
        } catch (IOException | RuntimeException e) {
            LOG.warn("job history of {}: cannot parse {}: {}", jobId, file, e.toString());
            return JobPhases.NONE;
        }
    }

    /** Parses one .jhist file into phase times. */
    public static JobPhases read(FileSystem fs, Path jhist) throws IOException {
        JobHistoryParser.JobInfo info = new JobHistoryParser(fs, jhist).parse();
        List<JobPhases.Attempt> attempts = new ArrayList<>();
        for (JobHistoryParser.TaskInfo task : info.getAllTasks().values()) {
            for (JobHistoryParser.TaskAttemptInfo a : task.getAllTaskAttempts().values()) {
                boolean map = a.getTaskType() == TaskType.MAP;
                if (!map && a.getTaskType() != TaskType.REDUCE) {
                    continue; // job setup and cleanup attempts are neither phase
                }
                attempts.add(new JobPhases.Attempt(map, "SUCCEEDED".equals(a.getTaskStatus()), a.getStartTime(),
                        a.getFinishTime(), map ? -1 : a.getShuffleFinishTime()));
            }
        }
        return JobPhases.of(attempts);
    }

    private Path find(String jobId) throws IOException {
        long deadline = System.currentTimeMillis() + (everMissed ? 0 : waitMillis);
        while (true) {
            Path done = newest(new Path(intermediateDir(), "*/" + jobId + "-*.jhist"));
            if (done == null) {
                done = newest(new Path(intermediateDir(), jobId + "-*.jhist"));
            }
            if (done == null) {
                // A JobHistoryServer (none in our cluster, but maybe elsewhere) moves files to done/yyyy/mm/dd/serial/.
                done = newest(new Path(doneDir(), "*/*/*/*/" + jobId + "-*.jhist"));
            }
            if (done != null) {
                return done;
            }
            boolean last = System.currentTimeMillis() >= deadline;
            if (last) {
                // The AM's own file is complete once the job finished, but it is removed with the staging
                // directory: the fallback when the copy never showed up.
                return newest(new Path(stagingDir(), "*/.staging/" + jobId + "/" + jobId + "_*.jhist"));
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    private Path newest(Path pattern) throws IOException {
        FileSystem fs = pattern.getFileSystem(conf);
        FileStatus[] found;
        try {
            found = fs.globStatus(pattern);
        } catch (FileNotFoundException e) {
            return null;
        }
        FileStatus best = null;
        if (found != null) {
            for (FileStatus s : found) {
                if (s.isFile() && (best == null || s.getModificationTime() > best.getModificationTime())) {
                    best = s;
                }
            }
        }
        return best == null ? null : best.getPath();
    }

    String stagingDir() {
        return conf.get(STAGING_DIR, DEFAULT_STAGING);
    }

    String intermediateDir() {
        return conf.get(INTERMEDIATE_DONE_DIR, stagingDir() + "/history/done_intermediate");
    }

    String doneDir() {
        return conf.get(DONE_DIR, stagingDir() + "/history/done");
    }
}
