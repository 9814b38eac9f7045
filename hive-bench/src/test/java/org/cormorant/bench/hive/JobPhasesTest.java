package org.cormorant.bench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cormorant.bench.hive.JobPhases.Attempt;
import org.junit.jupiter.api.Test;

class JobPhasesTest {
    private static Attempt map(boolean ok, long start, long finish) {
        return new Attempt(true, ok, start, finish, -1);
    }

    private static Attempt reduce(boolean ok, long start, long shuffleFinish, long finish) {
        return new Attempt(false, ok, start, finish, shuffleFinish);
    }

    @Test
    void phasesSpanFromTheFirstStartToTheLastSuccessfulFinish() {
        JobPhases p = JobPhases.of(List.of(
                map(true, 1_000, 4_000),
                map(false, 900, 2_000),      // a failed first attempt still opens the map phase
                map(true, 2_000, 6_500),     // its retry closes it
                map(false, 3_000, 9_000),    // a killed speculative attempt does not extend it
                reduce(true, 2_500, 7_000, 9_000),
                reduce(true, 2_600, 7_500, 8_000)));
        assertEquals(new JobPhases(5_600, 5_000, 1_500), p);
    }

    @Test
    void aMapOnlyJobHasNoShuffleNorReduce() {
        assertEquals(new JobPhases(3_000, -1, -1), JobPhases.of(List.of(map(true, 1_000, 4_000), map(true, 1_500, 3_000))));
    }

    @Test
    void attemptsThatNeverStartedAreIgnoredAndNoSuccessGivesNoFigure() {
        JobPhases p = JobPhases.of(List.of(map(false, 0, 0), map(false, 1_000, 2_000), reduce(false, 1_500, 0, 1_800)));
        assertEquals(JobPhases.NONE, p);
        assertEquals(JobPhases.NONE, JobPhases.of(List.of()));
    }

    @Test
    void aReduceWithoutShuffleFinishCountsAsAllShuffle() {
        assertEquals(new JobPhases(1_000, 4_000, 0),
                JobPhases.of(List.of(map(true, 1_000, 2_000), reduce(true, 1_000, 0, 5_000))));
    }

    @Test
    void anEndBeforeItsStartGivesNoFigure() {
        assertEquals(new JobPhases(-1, 1_000, 500),
                JobPhases.of(List.of(map(true, 5_000, 4_000), reduce(true, 1_000, 2_000, 2_500))));
    }
}
