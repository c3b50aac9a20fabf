import type { World } from '../../data';
import type { SandboxHandlers } from '../../operation-handler';

/** Handlers for AI search, AI dictionaries and AI lists. */
export const aiHandlers: SandboxHandlers<World> = {};
