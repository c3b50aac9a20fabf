/**
 * The pushed appsscript.json: the top-level manifest with urlFetchWhitelist narrowed to the one
 * worker this build talks to, so the add-on cannot be made to fetch anywhere else.
 */
export function buildManifest(manifestSource: string, workerUrl: string): string {
  const manifest: unknown = JSON.parse(manifestSource);
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    throw new Error('appsscript.json must hold a JSON object');
  }
  if (!workerUrl.endsWith('/')) {
    throw new Error(`urlFetchWhitelist entries must end with a slash, got "${workerUrl}"`);
  }
  return `${JSON.stringify({ ...manifest, urlFetchWhitelist: [workerUrl] }, null, 2)}\n`;
}
