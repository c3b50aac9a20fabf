import type { World } from '../data';
import type { SandboxHandlers } from '../operation-handler';
import { aiHandlers } from './ai';
import { contentHandlers } from './content';
import { discoveryHandlers } from './discovery';

/** Every operation handler of the sandbox, by operation id (health and user info live in the core). */
export const sandboxHandlers: SandboxHandlers<World> = {
  ...discoveryHandlers,
  ...aiHandlers,
  ...contentHandlers,
};
