import type { HealthView } from '../../bridge-contract/sidebar-api';
import { errorMessage } from '../server-calls/error-text';
import { agedHealth, type HealthBadge, healthBadge, healthUnavailable } from './health-summary';

/** The header's health badge: a coloured dot and words (never colour alone), details in its title. */
export interface HealthBadgeView {
  refresh(): Promise<HealthBadge>;
  show(view: HealthView): HealthBadge;
  /** Shows the last reading as it stands now (the worker's uptime moves on between readings). */
  age(): void;
  readonly current: HealthBadge | null;
  /** Called with each badge shown from now on. */
  onChange(listener: (badge: HealthBadge) => void): void;
}

export function mountHealthBadge(
  element: HTMLElement,
  getHealth: () => Promise<HealthView>,
): HealthBadgeView {
  let current: HealthBadge | null = null;
  let lastView: HealthView | null = null;
  const listeners: ((badge: HealthBadge) => void)[] = [];
  const render = (badge: HealthBadge): HealthBadge => {
    current = badge;
    for (const listener of listeners) listener(badge);
    element.dataset.tone = badge.tone;
    element.textContent = badge.text;
    element.title = badge.detail;
    element.setAttribute('aria-label', `Service status: ${badge.text}. ${badge.detail}`);
    return badge;
  };
  element.setAttribute('role', 'status');
  render({ tone: 'unknown', text: 'Checking…', detail: 'Reading the service status.' });
  return {
    async refresh() {
      try {
        lastView = await getHealth();
        return render(healthBadge(lastView));
      } catch (error) {
        lastView = null;
        return render(healthUnavailable(errorMessage(error)));
      }
    },
    show: (view) => {
      lastView = view;
      return render(healthBadge(view));
    },
    age: () => {
      if (lastView !== null) render(healthBadge(agedHealth(lastView, Date.now())));
    },
    get current() {
      return current;
    },
    onChange: (listener) => listeners.push(listener),
  };
}
