import type { SidebarSection } from '../../bridge-contract/sidebar-section';
import { createElement } from './create-element';
import { errorMessage, failureText, nextStepFor } from '../server-calls/error-text';
import { createStatusArea, type StatusArea } from './status-area';

/** Where a part of the sidebar says how an action went. */
export interface MessageTarget {
  status: StatusArea;
  /** Shows a failed call, with a button to the section that fixes it, if any. */
  fail(action: string, error: unknown): void;
}

/** How a failure offers the section that fixes it (Settings, Account). */
export interface FailureNavigation {
  /** The section shown now: no button to where the user already is. */
  current(): SidebarSection;
  navigate(section: SidebarSection): void;
}

/** A failed call in `status`: the sentence, and a button to the section that fixes it, if any. */
export function showFailure(
  status: StatusArea,
  navigation: FailureNavigation,
  action: string,
  error: unknown,
): void {
  const next = nextStepFor(errorMessage(error));
  status.error(
    failureText(action, error),
    next === null || next.section === navigation.current()
      ? undefined
      : { label: next.label, run: () => navigation.navigate(next.section) },
  );
}

/** A message line of its own (polite, errors as alerts), found by the class `message-slot`. */
function createSlot(): { element: HTMLElement; area: StatusArea } {
  const element = createElement('div', { class: 'message-slot' });
  return { element, area: createStatusArea(element) };
}

/** Calls `place` before each message, so the line is where the message belongs when it shows. */
function placedFirst(area: StatusArea, place: () => void): StatusArea {
  return {
    info: (text, action) => {
      place();
      area.info(text, action);
    },
    success: (text, action) => {
      place();
      area.success(text, action);
    },
    error: (text, action) => {
      place();
      area.error(text, action);
    },
    clear: () => area.clear(),
  };
}

/** What a user acts with; unfolding a group (summary) is no action a message is about. */
const CONTROLS =
  'button, input, select, textarea, a[href], [role="button"], [role="combobox"], [role="option"]';
/** The block a control sits in: a message goes after it, not between a label and its field. */
const CONTROL_BLOCKS = '.actions, .section-head, .field, fieldset, .question, .subform';
/** Elements a message line may not be put inside: it goes after the whole list or table. */
const WHOLE_BLOCKS = 'ul, ol, dl, table';

/**
 * The element a message about `control` goes after: its row or field, then the line that says why
 * the control cannot run (its aria-describedby right below it), so that the two stay together.
 */
function messageAnchor(control: Element, root: HTMLElement): Element {
  const inside = (element: Element | null): element is Element =>
    element !== null && element !== root && root.contains(element);
  let anchor: Element = control;
  const block = control.closest(CONTROL_BLOCKS);
  if (inside(block)) anchor = block;
  const whole = anchor.closest(WHOLE_BLOCKS);
  if (inside(whole)) anchor = whole;
  const described = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const next = anchor.nextElementSibling;
  if (next !== null && described.includes(next.id)) anchor = next;
  return anchor;
}

/**
 * Where a line after `anchor` can be seen: after the outermost hidden part or folded group that
 * holds the anchor (a question that closed once answered), else right after the anchor.
 */
function visibleAnchor(anchor: Element, root: HTMLElement): Element {
  let visible = anchor;
  for (let at: Element | null = anchor; at !== null && at !== root; at = at.parentElement) {
    const folded = at !== anchor && at instanceof HTMLDetailsElement && !at.open;
    if (at.hasAttribute('hidden') || folded) visible = at;
  }
  return visible;
}

export interface SectionMessages extends MessageTarget {
  /** Messages shown right after `anchor`: for a control whose messages must sit beside it. */
  near(anchor: HTMLElement): MessageTarget;
}

/**
 * A section's messages (issue 15: beside the control that caused them, not at the top of the
 * sidebar). Each section has its own line, put after the control the user last used in it (a
 * click, a change, typing): a failed Check shows under Check. Before any use (a section reading
 * its data on opening), the line is at the top of the section. A section that knows which control
 * a message is about asks for a line `near` it.
 */
export function createSectionMessages(root: HTMLElement, navigation: FailureNavigation): SectionMessages {
  let lastUsed: Element | null = null;
  const remember = (event: Event): void => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const control = target.closest(CONTROLS);
    // A message's own buttons (close, "Open Settings") do not move it.
    if (control === null || control.closest('.message-slot') !== null || !root.contains(control)) return;
    lastUsed = messageAnchor(control, root);
  };
  for (const type of ['click', 'change', 'input', 'submit']) root.addEventListener(type, remember, true);

  const general = createSlot();
  const placeGeneral = (): void => {
    const anchor = lastUsed !== null && root.contains(lastUsed) ? visibleAnchor(lastUsed, root) : null;
    if (anchor === null) root.prepend(general.element);
    else if (anchor.nextElementSibling !== general.element) anchor.after(general.element);
  };
  const target = (area: StatusArea): MessageTarget => ({
    status: area,
    fail: (action, error) => showFailure(area, navigation, action, error),
  });

  const nearSlots = new Map<HTMLElement, MessageTarget>();
  return {
    ...target(placedFirst(general.area, placeGeneral)),
    near(anchor) {
      let found = nearSlots.get(anchor);
      if (found === undefined) {
        const slot = createSlot();
        const place = (): void => {
          const at = visibleAnchor(anchor, root);
          if (at.nextElementSibling !== slot.element) at.after(slot.element);
        };
        found = target(placedFirst(slot.area, place));
        nearSlots.set(anchor, found);
      }
      return found;
    },
  };
}
