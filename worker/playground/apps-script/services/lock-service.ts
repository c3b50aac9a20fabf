import type { Execution, FakeRuntime } from '../runtime/runtime';

type LockScope = 'script' | 'user' | 'document';

/** Apps Script's message when waitLock gives up. */
export const LOCK_TIMEOUT = 'Lock timeout: another process was holding the lock for too long.';

type Holder = FakeLock | 'elsewhere';

/**
 * A lock handed out by LockService. Waiting spends the timeout on the run's clock (nothing else
 * runs meanwhile in a single-threaded test, so a lock held elsewhere stays held).
 */
class FakeLock {
  constructor(
    private readonly service: FakeLockService,
    private readonly scope: LockScope,
    readonly execution: Execution | null,
  ) {}

  tryLock(timeoutInMillis: number): boolean {
    this.service.runtime.enter('Lock.tryLock');
    return this.acquire(timeoutInMillis);
  }

  waitLock(timeoutInMillis: number): void {
    this.service.runtime.enter('Lock.waitLock');
    if (!this.acquire(timeoutInMillis)) throw new Error(LOCK_TIMEOUT);
  }

  hasLock(): boolean {
    this.service.runtime.enter('Lock.hasLock');
    return this.service.holder(this.scope) === this;
  }

  releaseLock(): void {
    this.service.runtime.enter('Lock.releaseLock');
    if (this.service.holder(this.scope) === this) this.service.release(this.scope);
  }

  private acquire(timeoutInMillis: number): boolean {
    if (typeof timeoutInMillis !== 'number' || !Number.isFinite(timeoutInMillis) || timeoutInMillis < 0) {
      throw new Error('Invalid argument: timeoutInMillis');
    }
    const holder = this.service.holder(this.scope);
    if (holder === this) return true;
    if (holder === null) {
      this.service.hold(this.scope, this);
      return true;
    }
    this.service.runtime.spend(timeoutInMillis);
    return false;
  }
}

/**
 * LockService: one lock per scope, held by at most one Lock at a time, released when its run ends
 * (as Apps Script does) or by releaseLock. `holdElsewhere` plays another user's run holding it.
 */
export class FakeLockService {
  private readonly holders = new Map<LockScope, Holder>();

  constructor(readonly runtime: FakeRuntime) {
    runtime.onExecutionEnd((execution) => {
      for (const [scope, holder] of this.holders) {
        if (holder !== 'elsewhere' && holder.execution === execution) this.holders.delete(scope);
      }
    });
  }

  getScriptLock(): FakeLock {
    this.runtime.enter('LockService.getScriptLock', ['auth-none']);
    return new FakeLock(this, 'script', this.runtime.execution);
  }

  getUserLock(): FakeLock {
    this.runtime.enter('LockService.getUserLock', ['auth-none']);
    return new FakeLock(this, 'user', this.runtime.execution);
  }

  getDocumentLock(): FakeLock {
    this.runtime.enter('LockService.getDocumentLock', ['auth-none']);
    return new FakeLock(this, 'document', this.runtime.execution);
  }

  // ---- for the locks and tests ----

  holder(scope: LockScope): Holder | null {
    return this.holders.get(scope) ?? null;
  }

  hold(scope: LockScope, lock: FakeLock): void {
    this.holders.set(scope, lock);
  }

  release(scope: LockScope): void {
    this.holders.delete(scope);
  }

  /** Another run holds the lock until `releaseElsewhere`. */
  holdElsewhere(scope: LockScope): void {
    this.holders.set(scope, 'elsewhere');
  }

  releaseElsewhere(scope: LockScope): void {
    if (this.holders.get(scope) === 'elsewhere') this.holders.delete(scope);
  }
}
