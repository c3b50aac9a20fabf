import type { RawFormField } from '../../bridge-contract/raw-data-request';
import type { RawFormState } from './raw-data-form-state';
import type { SidebarContext } from '../sidebar-context';

/**
 * What the panels of the Raw data section share: the form's state (one value for every panel, so
 * switching operations keeps what was typed for each), the fields already left once, and the
 * redraw every edit triggers.
 */
export interface RawPage {
  context: SidebarContext;
  state: RawFormState;
  /** Fields the user has left once: their errors show from then on (not while still empty). */
  touched: Set<RawFormField>;
  /** Maps the form again: messages, estimate, consent and the Pull button. */
  changed(): void;
}
