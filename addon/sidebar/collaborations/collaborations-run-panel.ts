import type { CollaborationsRequest } from '../../bridge-contract/collaborations-api';
import { collaborationsCost } from '../../bridge-contract/collaborations-rules';
import type { CollaborationsFormValues } from './collaborations-form';
import type { CollaborationsProgress } from './collaborations-progress';
import {
  collaborationsCostFacts,
  collaborationsCostLine,
  collaborationsRunBlocker,
  runVerb,
} from './collaborations-text';
import { type CostedRun, createCostedRun } from '../ui/costed-run';
import { createElement } from '../ui/create-element';
import { confirmCostLabel, startLabel } from '../ui/estimate-text';
import { factList } from '../ui/form-fields';
import type { SidebarContext } from '../sidebar-context';

export interface CollaborationsRunPanel {
  elements: readonly HTMLElement[];
  /** The request the form maps to now (or null, and the problem to say under Run). */
  show(request: CollaborationsRequest | null, problem: string | null): void;
}

/** What the form maps to: the request, or the first thing to do before it can run. */
interface Mapped {
  request: CollaborationsRequest | null;
  problem: string | null;
}

/** The cost, worked out here from the price table: no server call before Run. */
function showEstimate(costed: CostedRun, request: CollaborationsRequest | null): void {
  if (request === null) {
    costed.showOther();
    return;
  }
  const cost = collaborationsCost(request);
  costed.showEstimate({
    parts: [
      factList(collaborationsCostFacts(request, cost)),
      createElement('p', { class: 'cost' }, [collaborationsCostLine(request, cost)]),
    ],
    confirmLabel: cost.needsConfirmation ? confirmCostLabel(cost.maxCredits) : null,
  });
}

/** The tail of the Collaborations form: the cost, the consent box, Run and why it cannot run. */
export function createCollaborationsRunPanel(
  context: SidebarContext,
  read: () => CollaborationsFormValues,
  progress: CollaborationsProgress,
): CollaborationsRunPanel {
  const mapped: Mapped = { request: null, problem: null };
  const costed = createCostedRun({
    initialLabel: 'Get posts',
    label: () => {
      const values = read();
      const cost = mapped.request === null ? null : collaborationsCost(mapped.request);
      return startLabel(runVerb(mapped.request, values.olderApi, values.kind), cost?.maxCredits ?? null);
    },
    blockReason: () =>
      collaborationsRunBlocker({
        problem: mapped.problem,
        needsConfirmation:
          mapped.request === null ? false : collaborationsCost(mapped.request).needsConfirmation,
        confirmed: costed.confirmed(),
        starting: costed.running(),
      }),
    run: async () => {
      const current = mapped.request;
      if (current === null) return;
      try {
        progress.started(await context.server.startCollaborations(current, costed.confirmed()));
      } catch (error) {
        context.fail('get the collaborations', error);
      }
    },
    afterRun: () => {
      // Running again is a new paid action: ask again.
      costed.dropConsent();
      showEstimate(costed, mapped.request);
      costed.refresh();
    },
    ids: {
      button: 'collaborations-run',
      estimate: 'collaborations-estimate',
      confirm: 'collaborations-confirm',
    },
    blockerPrefix: 'collaborations-blocker',
  });

  return {
    elements: costed.elements,
    show(request, problem) {
      mapped.request = request;
      mapped.problem = problem;
      // Consent was given for another request's cost; ask again.
      costed.consentFor(request === null ? null : JSON.stringify(request));
      showEstimate(costed, request);
      costed.refresh();
    },
  };
}
