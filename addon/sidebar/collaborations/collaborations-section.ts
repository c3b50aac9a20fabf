import { buildCollaborationsRequest, initialCollaborationsValues, localDay } from './collaborations-form';
import { createCollaborationsFormPanel } from './collaborations-form-panel';
import { createCollaborationsProgress } from './collaborations-progress';
import { createCollaborationsRunPanel } from './collaborations-run-panel';
import { createElement } from '../ui/create-element';
import type { SectionDefinition, SectionView, SidebarContext } from '../sidebar-context';

/**
 * Collaborations: an influencer's or a brand's collaboration posts (paged) or summary (one call),
 * or the older API's collaborations behind a switch; cost shown before Run. Posts run as a worker
 * job (progress, Cancel and Resume on its card in the jobs list, picked up again when the sidebar
 * reopens); this section says where they go and how the job ended.
 */
function renderCollaborationsSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const form = createCollaborationsFormPanel(initialCollaborationsValues(), changed);
  const progress = createCollaborationsProgress(context);
  const run = createCollaborationsRunPanel(context, form.read, progress);

  /** Every edit maps the whole form again: fields shown, messages, cost, consent and Run. */
  function changed(): void {
    const values = form.read();
    const today = localDay(new Date());
    form.showChoices(values, today);
    const result = buildCollaborationsRequest(values, today);
    const problem = form.showErrors(result, values);
    run.show(result.ok ? result.request : null, problem);
  }

  panel.replaceChildren(
    createElement('h2', {}, ['Collaborations']),
    createElement('p', { class: 'intro' }, [
      'Posts where an influencer promotes brands, or where influencers post for a brand, and their totals. Results go into a tab: a new one, or one you name, replaced or added to.',
    ]),
    ...form.elements,
    ...run.elements,
    progress.element,
  );
  changed();
  // The tab name field offers the document's tabs; a run makes or fills them.
  const loadTabs = (): void => {
    context.server.listTabNames().then(form.tabMode.setTabs, () => undefined);
  };
  loadTabs();
  return { onShow: loadTabs };
}

export const collaborationsSection: SectionDefinition = {
  title: 'Collabs',
  render: renderCollaborationsSection,
};
