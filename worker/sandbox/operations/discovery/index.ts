import type { World } from '../../data';
import type { SandboxHandlers } from '../../operation-handler';

/** Handlers for search, reports, audience overlap, dictionaries and e-mail search. */
export const discoveryHandlers: SandboxHandlers<World> = {};
