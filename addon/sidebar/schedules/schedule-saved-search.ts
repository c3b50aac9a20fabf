import type { ScheduleForm } from '../../bridge-contract/schedules-api';
import type { ServerBridge } from '../server-calls/bridge';
import { buildAiSearchRequest } from '../ai-search/ai-search-form';
import { readKeptAiSearchForm } from '../ai-search/kept-ai-search-form';
import { readKeptSearchForm } from '../search/kept-search-form';
import { buildSearchForm } from '../search/search-form';

/**
 * Scheduling a saved search or AI search (issue 25): the document's saved forms, by name, and the
 * chosen one built as its own section builds it, so the schedule runs exactly what a person sees
 * when they load it there. The worker keeps a copy: editing the saved search later changes the
 * schedule only once it is saved again (Edit, then Save changes).
 */

/** The saved searches of the kind's section, by name. */
export async function savedSearchNames(
  server: ServerBridge,
  kind: 'search' | 'ai-search',
): Promise<string[]> {
  const memory = await server.getFormMemory(kind === 'search' ? 'search' : 'ai');
  return memory.saved.map((saved) => saved.name);
}

/** The form with its saved search built, or a sentence saying why it cannot be scheduled. */
export async function withSavedSearch(server: ServerBridge, form: ScheduleForm): Promise<ScheduleForm> {
  const name = form.savedSearch ?? '';
  if (form.kind === 'search') {
    const saved = await server.loadSavedForm('search', name);
    const built = buildSearchForm(readKeptSearchForm(saved.form));
    if (!built.ok) throw new Error(notValid(name, built.errors[0]?.message));
    return { ...form, search: built.form };
  }
  if (form.kind === 'ai-search') {
    const saved = await server.loadSavedForm('ai', name);
    const built = buildAiSearchRequest(readKeptAiSearchForm(saved.form));
    if (!built.ok) throw new Error(notValid(name, built.errors[0]?.message));
    return { ...form, aiSearch: built.request };
  }
  return form;
}

function notValid(name: string, problem: string | undefined): string {
  return `The saved search "${name}" does not check out (${problem ?? 'a field is missing'}): load it in its section, fix it and save it again`;
}
