import type { World } from '../../data';
import type { SandboxHandlers } from '../../operation-handler';

/** Handlers for collaborations and raw data. */
export const contentHandlers: SandboxHandlers<World> = {};
