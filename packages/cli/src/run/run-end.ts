/**
 * What a run of `loc` holds until it ends (the folder locks of files/folder-lock.ts), undone when `main`
 * returns (program.ts) — so a program that runs `loc` inside itself (the GitHub Action, which then commits
 * the folder with git) gets the folder back without the lock — or, failing that, when the process exits.
 * No imports: program.ts loads it at start-up.
 */
const state = { pending: [] as (() => void)[], listening: false };

/** Undoes `undo` when the run ends. */
export function atRunEnd(undo: () => void): void {
  if (!state.listening) {
    state.listening = true;
    process.once('exit', endRun);
  }
  state.pending.push(undo);
}

/** Undoes what the run holds, each once; one that fails does not stop the others. */
export function endRun(): void {
  for (const undo of state.pending.splice(0)) {
    try {
      undo();
    } catch {
      // Ending anyway: a lock left behind names a pid that is gone, and the next run takes it over.
    }
  }
}
