import type { World } from '../../data';
import { AiListStore, DEFAULT_AI_LIST_LIMITS, type AiListLimits } from './ai-list-store';

/**
 * The mutable state of the AI operations (the accounts' lists). The handler registry is one object
 * shared by every app built in a process, but each app generates its own world, so keying the
 * state by world gives each app (each test file, each worker) its own lists without the core
 * knowing about them.
 */
interface AiState {
  readonly lists: AiListStore;
}

export type AiStateOf = (world: World) => AiState;

export interface AiStateOptions {
  /** Smaller list limits, so tests can reach them quickly; the spec's limits by default. */
  readonly listLimits?: Partial<AiListLimits>;
}

export function perWorldAiState(options: AiStateOptions = {}): AiStateOf {
  const limits: AiListLimits = { ...DEFAULT_AI_LIST_LIMITS, ...options.listLimits };
  const states = new WeakMap<World, AiState>();
  return (world) => {
    let state = states.get(world);
    if (state === undefined) {
      state = { lists: new AiListStore(limits) };
      states.set(world, state);
    }
    return state;
  };
}
