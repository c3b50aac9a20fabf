import type { World } from '../../data';
import type { SandboxHandlers } from '../../operation-handler';
import { aiDictionaryHandlers } from './ai-dictionaries';
import { aiListHandlers } from './ai-lists';
import { aiSearchHandlers } from './ai-search';
import { perWorldAiState, type AiStateOptions } from './ai-state';

/**
 * Handlers for AI search, AI dictionaries and AI lists. The lists live in memory per world, so
 * every app built with its own world (each `createSandbox`) has its own lists; `options` can lower
 * the list limits for tests.
 */
export function createAiHandlers(options: AiStateOptions = {}): SandboxHandlers<World> {
  const stateOf = perWorldAiState(options);
  return {
    ...aiSearchHandlers(stateOf),
    ...aiDictionaryHandlers,
    ...aiListHandlers(stateOf),
  };
}

/** Handlers for AI search, AI dictionaries and AI lists, with the spec's limits. */
export const aiHandlers: SandboxHandlers<World> = createAiHandlers();
