/** How long a call waits for another one of the same document before giving up. */
const LOCK_WAIT_MS = 5000;

/**
 * Runs `work` while holding this document's script lock, or answers `busy()` when another call
 * holds it: google.script.run runs a sidebar's calls in parallel, and two of them writing the same
 * job's blocks, or starting the same job, must not overlap.
 */
export function withDocumentLock<T>(work: () => T, busy: () => T): T {
  const lock = LockService.getDocumentLock() ?? LockService.getUserLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) return busy();
  try {
    return work();
  } finally {
    lock.releaseLock();
  }
}
