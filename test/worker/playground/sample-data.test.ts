import { PLATFORMS } from '../../../shared/platforms';
import { FLAG } from '../../../worker/sandbox/data';
import { createSandbox, type SandboxWorld } from '../../../worker/sandbox/server';
import { parseSandboxConfig } from '../../../worker/sandbox/config';
import { sampleFromWorld } from '../../../worker/playground/sample-data';

/** The sample spreadsheet's creators come from the sandbox world: they must be there to find. */

let world: SandboxWorld;
beforeAll(() => {
  world = createSandbox(parseSandboxConfig({ SANDBOX_CREATORS: '500' })).state.world;
});

describe('sampleFromWorld', () => {
  it('gives addresses the sandbox finds, then a few it does not', () => {
    const { emails } = sampleFromWorld(world, { emails: 12, handles: 1 });
    expect(emails).toHaveLength(15);
    expect(new Set(emails).size).toBe(15);
    for (const email of emails.slice(0, 12)) expect(world.findByEmail(email).length).toBeGreaterThan(0);
    for (const email of emails.slice(12)) expect(world.findByEmail(email)).toEqual([]);
  });

  it('gives public handles of every platform', () => {
    const { handles } = sampleFromWorld(world, { emails: 0, handles: 5 });
    for (const platform of PLATFORMS) {
      expect(handles[platform]).toHaveLength(5);
      const creators = world.platform(platform);
      for (const handle of handles[platform]) {
        const index = Array.from({ length: creators.size }, (_, i) => i).find(
          (i) => creators.username(i) === handle,
        );
        expect(index).toBeDefined();
        expect(creators.columns.flags[index ?? 0] & FLAG.private).toBe(0);
      }
    }
  });
});
