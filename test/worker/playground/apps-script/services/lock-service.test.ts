import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';
import { LOCK_TIMEOUT } from '../../../../../worker/playground/apps-script/services/lock-service';

describe('FakeLockService', () => {
  it('lets one lock hold a scope at a time until it is released', () => {
    const { lockService, runtime } = createAppsScriptFakes();
    runtime.run('full', () => {
      const first = lockService.getDocumentLock();
      const second = lockService.getDocumentLock();
      expect(first.tryLock(1000)).toBe(true);
      expect(first.hasLock()).toBe(true);
      expect(second.tryLock(1000)).toBe(false);
      expect(() => second.waitLock(1000)).toThrow(LOCK_TIMEOUT);
      expect(lockService.getUserLock().tryLock(0)).toBe(true);
      first.releaseLock();
      expect(second.tryLock(0)).toBe(true);
    });
  });

  it('spends the timeout waiting, on the fake clock', () => {
    const { lockService, runtime } = createAppsScriptFakes();
    lockService.holdElsewhere('script');
    runtime.run('full', () => {
      expect(lockService.getScriptLock().tryLock(5000)).toBe(false);
      expect(runtime.elapsedMs).toBe(5000);
    });
    lockService.releaseElsewhere('script');
    expect(runtime.run('full', () => lockService.getScriptLock().tryLock(5000))).toBe(true);
  });

  it('releases what a run held when the run ends', () => {
    const { lockService, runtime } = createAppsScriptFakes();
    runtime.run('full', () => lockService.getDocumentLock().tryLock(0));
    expect(lockService.holder('document')).toBeNull();
    expect(runtime.run('custom-function', () => lockService.getDocumentLock().tryLock(0))).toBe(true);
  });
});
