import { defaultWorkerUrl } from './worker-url';
import { readWorkerKey } from './worker-key';

/** What the sidebar's Settings section shows. JSON-safe: it crosses google.script.run. */
export interface SidebarSettings {
  workerUrl: string;
  connected: boolean;
}

/** Sidebar: the worker this add-on talks to, and whether this user holds a worker key. */
export function getSettings(): SidebarSettings {
  return { workerUrl: defaultWorkerUrl(), connected: readWorkerKey() !== null };
}
