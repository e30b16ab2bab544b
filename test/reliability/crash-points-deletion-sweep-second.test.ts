/** Crash points of the deletion sweep, the second half of its steps (./deletion-sweep-crashes.ts). */
import { describeDeletionSweepCrashes } from "./deletion-sweep-crashes";

describeDeletionSweepCrashes("second");
