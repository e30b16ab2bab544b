/** Crash points of the deletion sweep, the first half of its steps (./deletion-sweep-crashes.ts). */
import { describeDeletionSweepCrashes } from "./deletion-sweep-crashes";

describeDeletionSweepCrashes("first");
