import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

describeEachEngine('AI list owner repository', (engine) => {
  let store: Store;
  beforeEach(async () => {
    store = await engine.open({ clock: new ManualClock() });
  });

  it('remembers who created a list, by the normalized address', async () => {
    await store.aiListOwners.record('list-1', 'Ana@Team.com');
    expect(await store.aiListOwners.ownerOf('list-1')).toBe('ana@team.com');
    expect(await store.aiListOwners.ownerOf('made-elsewhere')).toBeNull();
  });

  it('looks up many lists at once, leaving out those without an owner here', async () => {
    const ids = Array.from({ length: 1200 }, (_, index) => `list-${index}`);
    for (const id of ids.slice(0, 600)) await store.aiListOwners.record(id, 'bo@team.com');
    await store.aiListOwners.record('list-1100', 'ana@team.com');

    const owners = await store.aiListOwners.ownersOf([...ids, 'list-1', 'unknown']);

    expect(owners.size).toBe(601);
    expect(owners.get('list-599')).toBe('bo@team.com');
    expect(owners.get('list-1100')).toBe('ana@team.com');
    expect(owners.has('list-600')).toBe(false);
  });

  it('gives an id the API hands out again to its new creator, and forgets a deleted list', async () => {
    await store.aiListOwners.record('list-1', 'ana@team.com');
    await store.aiListOwners.record('list-1', 'bo@team.com');
    expect(await store.aiListOwners.ownerOf('list-1')).toBe('bo@team.com');

    expect(await store.aiListOwners.forget('list-1')).toBe(true);
    expect(await store.aiListOwners.forget('list-1')).toBe(false);
    expect(await store.aiListOwners.ownerOf('list-1')).toBeNull();
  });

  it('keeps owners across a restart', async () => {
    await store.aiListOwners.record('list-1', 'ana@team.com');
    await store.close();
    const second = await engine.open();
    expect(await second.aiListOwners.ownerOf('list-1')).toBe('ana@team.com');
  });
});
