import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

/**
 * Kept proofs of edit access (issue 22): one result per person and spreadsheet, standing until its
 * expiry, the latest check replacing the earlier; the same person whatever the case of their
 * address. Challenges are signed under the data secret, so every instance sharing it reads them.
 */

const DOC = '1TeamSheet00000000000000000000000000000000000';
const OTHER_DOC = '1OtherSheet0000000000000000000000000000000000';
const HOUR = 60 * 60_000;

describeEachEngine('edit proof repository', (engine) => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  it('keeps a result per person and spreadsheet until its expiry, and not a millisecond longer', async () => {
    expect(await store.editProofs.kept('ana@team.com', DOC)).toBeNull();
    const checkedAt = clock.now();
    await store.editProofs.keep('ana@team.com', DOC, 'proven', checkedAt + HOUR);

    expect(await store.editProofs.kept('ana@team.com', DOC)).toEqual({
      outcome: 'proven',
      checkedAt,
      expiresAt: checkedAt + HOUR,
    });
    expect(await store.editProofs.kept('bob@team.com', DOC)).toBeNull();
    expect(await store.editProofs.kept('ana@team.com', OTHER_DOC)).toBeNull();

    clock.advance(HOUR - 1);
    expect((await store.editProofs.kept('ana@team.com', DOC))?.outcome).toBe('proven');
    clock.advance(1);
    expect(await store.editProofs.kept('ana@team.com', DOC)).toBeNull();
  });

  it('replaces the earlier result with the latest check, in either direction', async () => {
    await store.editProofs.keep('ana@team.com', DOC, 'proven', clock.now() + HOUR);
    clock.advance(1_000);
    await store.editProofs.keep('ana@team.com', DOC, 'unprovable', clock.now() + 10 * 60_000);
    expect(await store.editProofs.kept('ana@team.com', DOC)).toEqual({
      outcome: 'unprovable',
      checkedAt: clock.now(),
      expiresAt: clock.now() + 10 * 60_000,
    });

    await store.editProofs.keep('ana@team.com', DOC, 'proven', clock.now() + HOUR);
    expect((await store.editProofs.kept('ana@team.com', DOC))?.outcome).toBe('proven');
    expect(await engine.rows('SELECT email FROM edit_proofs')).toHaveLength(1);
  });

  it('takes an address in any case for the same person', async () => {
    await store.editProofs.keep('Ana@Team.COM', DOC, 'proven', clock.now() + HOUR);
    expect((await store.editProofs.kept('ana@team.com', DOC))?.outcome).toBe('proven');
    expect((await store.editProofs.kept('ANA@team.com', DOC))?.outcome).toBe('proven');
    await store.editProofs.keep('ana@team.com', DOC, 'unprovable', clock.now() + HOUR);
    expect(await engine.rows('SELECT email, outcome FROM edit_proofs')).toEqual([
      { email: 'ana@team.com', outcome: 'unprovable' },
    ]);
  });

  it('drops expired results when a new one is kept: the table holds only recent checks', async () => {
    await store.editProofs.keep('ana@team.com', DOC, 'proven', clock.now() + HOUR);
    await store.editProofs.keep('bob@team.com', DOC, 'proven', clock.now() + 2 * HOUR);
    clock.advance(HOUR);
    await store.editProofs.keep('cy@team.com', OTHER_DOC, 'unprovable', clock.now() + HOUR);
    const emails = (await engine.rows<{ email: string }>('SELECT email FROM edit_proofs')).map(
      (row) => row.email,
    );
    expect(emails.sort()).toEqual(['bob@team.com', 'cy@team.com']);
  });

  it('shares results and challenge signatures with every store on the same data, not with another deployment', async () => {
    await store.editProofs.keep('ana@team.com', DOC, 'proven', clock.now() + HOUR);
    const beside = await engine.open({ clock });
    const elsewhere = await engine.openElsewhere({ clock });

    expect((await beside.editProofs.kept('ana@team.com', DOC))?.outcome).toBe('proven');
    expect(beside.editProofs.macOf('a challenge')).toEqual(store.editProofs.macOf('a challenge'));
    expect(elsewhere.editProofs.macOf('a challenge')).not.toEqual(store.editProofs.macOf('a challenge'));
    expect(store.editProofs.macOf('another challenge')).not.toEqual(store.editProofs.macOf('a challenge'));
  });
});
