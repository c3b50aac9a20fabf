import { createDevKey } from '../../../../worker/src/identity/dev-key';
import { isWorkerKeyShaped } from '../../../../worker/src/store/rows/worker-key-rules';

describe('development key', () => {
  it('is random, and not shaped like a worker key or an ID token', () => {
    const key = createDevKey();
    expect(key).toMatch(/^csdev_[A-Za-z0-9_-]{32}$/);
    expect(createDevKey()).not.toBe(key);
    expect(isWorkerKeyShaped(key)).toBe(false);
  });
});
