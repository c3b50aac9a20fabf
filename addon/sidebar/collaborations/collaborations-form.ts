import type { Platform } from '../../../shared/platforms';
import type { CollaborationsRequest, CollaborationsSubject } from '../../bridge-contract/collaborations-api';
import {
  type CollaborationsProblem,
  collaborationsProblems,
  DEFAULT_COLLABORATION_PAGES,
  MAX_COLLABORATION_PAGES,
} from '../../bridge-contract/collaborations-rules';
import { isTabWriteMode } from '../../bridge-contract/tab-output';
import { parseOptionalNumber } from '../ui/number-input';

/**
 * The Collaborations form as the page holds it (the text of each field) and its mapping to the
 * contract's CollaborationsRequest, with every mistake tied to its field. Which fields apply
 * depends on the choices: the older API has neither a summary, nor a date window, nor a
 * counterpart; grouping by brand domain is about an influencer's brands.
 */
export interface CollaborationsFormValues {
  /** The deprecated per-platform endpoints instead of posts and summary. */
  olderApi: boolean;
  kind: 'posts' | 'summary';
  subject: CollaborationsSubject;
  platform: Platform;
  id: string;
  collaborator: string;
  /** `YYYY-MM-DD` as a date field gives it, or ''. */
  from: string;
  to: string;
  groupByDomain: boolean;
  pages: string;
  /** The tab's name ('' for one made from the request) and what a run does to it (issue 15). */
  tabName: string;
  tabMode: string;
}

export type CollaborationsFormField = keyof CollaborationsFormValues;

export interface CollaborationsFormError {
  field: CollaborationsFormField;
  message: string;
}

export type CollaborationsFormResult =
  { ok: true; request: CollaborationsRequest } | { ok: false; errors: CollaborationsFormError[] };

export function initialCollaborationsValues(): CollaborationsFormValues {
  return {
    olderApi: false,
    kind: 'posts',
    subject: 'influencer',
    platform: 'instagram',
    id: '',
    collaborator: '',
    from: '',
    to: '',
    groupByDomain: false,
    pages: String(DEFAULT_COLLABORATION_PAGES),
    tabName: '',
    tabMode: 'new',
  };
}

/** Which controls apply to the current choices (the others are hidden, and not sent). */
export interface CollaborationsFieldsShown {
  kind: boolean;
  collaborator: boolean;
  window: boolean;
  pages: boolean;
  groupByDomain: boolean;
}

export function fieldsShown(values: CollaborationsFormValues): CollaborationsFieldsShown {
  const current = !values.olderApi;
  const posts = values.olderApi || values.kind === 'posts';
  return {
    kind: current,
    collaborator: current,
    window: current,
    pages: posts,
    groupByDomain: values.subject === 'influencer' && (values.olderApi || values.kind === 'summary'),
  };
}

/** The user's own calendar day, `YYYY-MM-DD`: "not in the future" is about their today. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function blankToUndefined(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The form as a request, or every mistake in it; `today` is the latest day the window may name. */
export function buildCollaborationsRequest(
  values: CollaborationsFormValues,
  today: string,
): CollaborationsFormResult {
  const shown = fieldsShown(values);
  const errors: CollaborationsFormError[] = [];
  let pages = DEFAULT_COLLABORATION_PAGES;
  if (shown.pages) {
    const parsed = parseOptionalNumber(values.pages, {
      label: 'Pages',
      min: 1,
      max: MAX_COLLABORATION_PAGES,
      integer: true,
    });
    if (!parsed.ok) errors.push({ field: 'pages', message: `${parsed.message}.` });
    else if (parsed.value === undefined) {
      errors.push({ field: 'pages', message: `Say how many pages: 1 to ${MAX_COLLABORATION_PAGES}.` });
    } else pages = parsed.value;
  }
  const base = { subject: values.subject, platform: values.platform, id: values.id.trim() };
  const scope = shown.window
    ? {
        ...(blankToUndefined(values.collaborator) === undefined
          ? {}
          : { collaborator: values.collaborator.trim() }),
        ...(blankToUndefined(values.from) === undefined ? {} : { from: values.from.trim() }),
        ...(blankToUndefined(values.to) === undefined ? {} : { to: values.to.trim() }),
      }
    : {};
  const groupByDomain = shown.groupByDomain && values.groupByDomain;
  const mode = isTabWriteMode(values.tabMode) ? values.tabMode : 'new';
  if (values.olderApi && mode === 'append') {
    errors.push({
      field: 'tabMode',
      message:
        "The older API's columns come from its first page, so its posts cannot be added below a table: replace the tab or write a new one.",
    });
  }
  const tab =
    values.tabName.trim() === '' && mode === 'new' ? {} : { tab: { name: values.tabName.trim(), mode } };
  const request: CollaborationsRequest = values.olderApi
    ? { kind: 'older', ...base, groupByDomain, pages, ...tab }
    : values.kind === 'summary'
      ? { kind: 'summary', ...base, ...scope, groupByDomain, ...tab }
      : { kind: 'posts', ...base, ...scope, pages, ...tab };
  const problems: CollaborationsProblem[] = collaborationsProblems(request, today);
  errors.push(...problems.map((problem) => ({ field: problem.field, message: problem.message })));
  return errors.length === 0 ? { ok: true, request } : { ok: false, errors };
}
