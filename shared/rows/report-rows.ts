import { closestName } from '../closest-name';
import { AUDIENCE_AGE_GROUPS } from '../enums';
import type { Platform } from '../platforms';
import { DEFAULT_TIME_ZONE } from '../time-zone';
import type { InstagramReport, TiktokReport, YoutubeReport } from '../responses/reports';
import { byWeight, shareLabel, sharesOf, topSharesText, weightOf } from './audience-shares';
import {
  booleanCell,
  dateCell,
  dateFromIsoText,
  isRecord,
  joinedCell,
  listAt,
  numberCell,
  textCell,
  valueAt,
} from './cell-values';
import {
  blankRow,
  type Cell,
  column,
  type Column,
  type ColumnFormat,
  errorRow,
  type Row,
  type RowOptions,
  withOptionalHeader,
} from './columns';

/**
 * The report row of one creator (`=INFLUENCER_REPORT`, bulk reports). The same columns serve
 * Instagram, TikTok and YouTube: each column reads the field where each platform keeps it, and a
 * field a platform lacks (TikTok has no credibility, YouTube promises nothing) is an empty cell.
 *
 * Columns come in named groups; a selection (`fields`) lists column ids and/or group names.
 */

export type ReportProfile = InstagramReport | TiktokReport | YoutubeReport;

/** What one input position turned into; every input position gets exactly one row. */
export type ReportRowInput =
  | {
      readonly kind: 'report';
      readonly platform: Platform;
      readonly report: ReportProfile;
      /** When the data was fetched: ISO 8601 text or milliseconds since the epoch. */
      readonly reportDate?: string | number;
    }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'blank' };

interface Source {
  readonly platform: Platform;
  readonly report: unknown;
  readonly reportDate: string | number | undefined;
  /** The sheet's zone, for the date columns. */
  readonly timeZone: string;
}

interface ReportColumn extends Column {
  readonly read: (source: Source) => Cell;
}

/* ----------------------------------------------------------- field readers */

const summary = (s: Source, key: string) => valueAt(s.report, ['profile', key]);
const top = (s: Source, key: string) => valueAt(s.report, [key]);
const allStats = (s: Source, key: string) => valueAt(s.report, ['statsByContentType', 'all', key]);
const audience = (s: Source, key: string) => valueAt(s.report, ['audience', key]);

function firstNumber(...values: unknown[]): number | null {
  for (const value of values) {
    const number = numberCell(value);
    if (number !== null) return number;
  }
  return null;
}

function languageOf(s: Source): Cell {
  const language = top(s, 'language');
  if (typeof language === 'string') return textCell(language);
  return textCell(valueAt(language, ['name'])) ?? textCell(valueAt(language, ['code']));
}

function genderOf(s: Source): Cell {
  const gender = textCell(top(s, 'gender'));
  return gender === null ? null : gender.toLowerCase();
}

interface ContactEntry {
  readonly type: string | null;
  readonly value: string;
}

function contactsOf(s: Source): ContactEntry[] {
  const contacts: ContactEntry[] = [];
  for (const item of listAt(s.report, ['contacts'])) {
    const value = isRecord(item) ? textCell(item.value) : textCell(item);
    if (value === null) continue;
    contacts.push({ type: isRecord(item) ? textCell(item.type) : null, value });
  }
  return contacts;
}

/** The first e-mail among the contacts; TikTok's contacts carry no type, so the value decides. */
function emailOf(s: Source): Cell {
  for (const contact of contactsOf(s)) {
    const isEmail =
      contact.type === null ? contact.value.indexOf('@') > 0 : contact.type.toLowerCase() === 'email';
    if (isEmail) return contact.value;
  }
  return null;
}

function topCountry(s: Source, rank: number): Cell {
  const share = byWeight(sharesOf(audience(s, 'geoCountries')))[rank];
  return share === undefined ? null : shareLabel(share);
}

function topCountryShare(s: Source, rank: number): Cell {
  const share = byWeight(sharesOf(audience(s, 'geoCountries')))[rank];
  return share === undefined ? null : share.weight;
}

function topLabel(list: unknown): Cell {
  const share = byWeight(sharesOf(list))[0];
  return share === undefined ? null : shareLabel(share);
}

interface HistoryMonth {
  readonly month: string;
  readonly followers: number | null;
  readonly avgViews: number | null;
}

/** Monthly history, oldest first: Instagram keeps it at the top, TikTok under statsByContentType.all. */
function historyOf(s: Source): HistoryMonth[] {
  const own = listAt(s.report, ['statHistory']);
  const list = own.length > 0 ? own : listAt(s.report, ['statsByContentType', 'all', 'statHistory']);
  const months: HistoryMonth[] = [];
  for (const item of list) {
    const month = textCell(valueAt(item, ['month']));
    if (month === null) continue;
    months.push({
      month,
      followers: numberCell(valueAt(item, ['followers'])),
      avgViews: numberCell(valueAt(item, ['avgViews'])),
    });
  }
  return months.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
}

/** Change from the first to the last month that both have a positive value, as a fraction. */
function growthOf(s: Source, pick: (month: HistoryMonth) => number | null): Cell {
  const values = historyOf(s)
    .map(pick)
    .filter((value): value is number => value !== null && value > 0);
  if (values.length < 2) return null;
  return Number((values[values.length - 1] / values[0] - 1).toPrecision(12));
}

function followersHistory(s: Source): Cell {
  const parts = historyOf(s)
    .filter((month) => month.followers !== null)
    .map((month) => `${month.month}: ${month.followers}`);
  return parts.length === 0 ? null : parts.join('; ');
}

function namesOf(list: unknown): Cell {
  return joinedCell(Array.isArray(list) ? list.map((item) => (isRecord(item) ? item.name : item)) : []);
}

function lastPostDate(s: Source): Cell {
  let latest: string | null = null;
  for (const post of listAt(s.report, ['recentPosts'])) {
    const date = dateFromIsoText(valueAt(post, ['created']), s.timeZone);
    if (date !== null && (latest === null || date > latest)) latest = date;
  }
  return latest;
}

function sponsorsOf(s: Source): Cell {
  const seen: string[] = [];
  for (const post of listAt(s.report, ['sponsoredPosts'])) {
    for (const sponsor of listAt(post, ['sponsors'])) {
      const name = textCell(valueAt(sponsor, ['domain'])) ?? textCell(valueAt(sponsor, ['name']));
      if (name !== null && seen.indexOf(name) < 0) seen.push(name);
    }
  }
  return joinedCell(seen);
}

function sponsoredCount(s: Source): Cell {
  const posts = top(s, 'sponsoredPosts');
  return Array.isArray(posts) ? posts.length : null;
}

function contactDetails(s: Source): Cell {
  return joinedCell(
    contactsOf(s).map((contact) =>
      contact.type === null ? contact.value : `${contact.type}: ${contact.value}`,
    ),
    '; ',
  );
}

/* ---------------------------------------------------------------- columns */

function def(id: string, label: string, format: ColumnFormat, read: (source: Source) => Cell): ReportColumn {
  return { ...column(id, label, format), read };
}

/** '18-24' -> 'audience_age_18_24', '65-' -> 'audience_age_65_plus'. */
function ageColumnId(group: string): string {
  return `audience_age_${group.replace(/-$/, '_plus').replace(/-/g, '_')}`;
}

function ageLabel(group: string): string {
  return `Audience ${group.replace(/-$/, '+')}`;
}

const DEFAULT_DEFS: readonly ReportColumn[] = [
  // YouTube answers carry `profile.handle` (api-notes "Seen from the real service") beside or instead of a username.
  def('handle', 'Handle', 'text', (s) => textCell(summary(s, 'username')) ?? textCell(summary(s, 'handle'))),
  def('name', 'Name', 'text', (s) => textCell(summary(s, 'fullname'))),
  def('followers', 'Followers', 'integer', (s) => numberCell(summary(s, 'followers'))),
  def('engagement_rate', 'Engagement rate', 'percent', (s) =>
    firstNumber(summary(s, 'engagementRate'), allStats(s, 'engagementRate')),
  ),
  def('avg_likes', 'Avg likes', 'integer', (s) => firstNumber(top(s, 'avgLikes'), allStats(s, 'avgLikes'))),
  def('avg_views', 'Avg views', 'integer', (s) =>
    firstNumber(top(s, 'avgViews'), summary(s, 'averageViews')),
  ),
  def('country', 'Country', 'text', (s) => textCell(top(s, 'country'))),
  def('language', 'Language', 'text', languageOf),
  def('gender', 'Gender', 'text', genderOf),
  def('email', 'E-mail', 'text', emailOf),
  def('audience_top_country', 'Top audience country', 'text', (s) => topCountry(s, 0)),
  ...AUDIENCE_AGE_GROUPS.map((group) =>
    def(ageColumnId(group), ageLabel(group), 'percent', (s) => weightOf(audience(s, 'ages'), group)),
  ),
  def('audience_male', 'Audience male', 'percent', (s) => weightOf(audience(s, 'genders'), 'MALE')),
  def('audience_female', 'Audience female', 'percent', (s) => weightOf(audience(s, 'genders'), 'FEMALE')),
  def('credibility', 'Audience credibility', 'percent', (s) => numberCell(audience(s, 'credibility'))),
  def('report_date', 'Report date', 'date', (s) => dateCell(s.reportDate, s.timeZone)),
];

const TOP_COUNTRIES = 5;
const geoDefs: ReportColumn[] = [];
for (let rank = 0; rank < TOP_COUNTRIES; rank++) {
  geoDefs.push(
    def(`audience_country_${rank + 1}`, `Audience country ${rank + 1}`, 'text', (s) => topCountry(s, rank)),
    def(`audience_country_${rank + 1}_share`, `Audience country ${rank + 1} share`, 'percent', (s) =>
      topCountryShare(s, rank),
    ),
  );
}
geoDefs.push(
  def('audience_top_city', 'Top audience city', 'text', (s) => topLabel(audience(s, 'geoCities'))),
  def('audience_top_language', 'Top audience language', 'text', (s) => topLabel(audience(s, 'languages'))),
);

const GROUP_DEFS: Readonly<Record<string, readonly ReportColumn[]>> = {
  profile: [
    // YouTube's report calls it `description` (api-notes "Seen from the real service").
    def('bio', 'Bio', 'text', (s) => textCell(top(s, 'bio')) ?? textCell(top(s, 'description'))),
    def('verified', 'Verified', 'boolean', (s) => booleanCell(top(s, 'isVerified'))),
    def('private', 'Private', 'boolean', (s) => booleanCell(top(s, 'isPrivate'))),
    def('account_type', 'Account type', 'text', (s) => textCell(top(s, 'accountType'))),
    def('city', 'City', 'text', (s) => textCell(top(s, 'city'))),
    def('age_group', 'Age group', 'text', (s) => textCell(top(s, 'ageGroup'))),
  ],
  growth: [
    def('history_from', 'History from', 'text', (s) => historyOf(s)[0]?.month ?? null),
    def('history_to', 'History to', 'text', (s) => {
      const months = historyOf(s);
      return months.length === 0 ? null : months[months.length - 1].month;
    }),
    def('followers_growth', 'Follower growth', 'percent', (s) => growthOf(s, (month) => month.followers)),
    def('avg_views_growth', 'Avg views growth', 'percent', (s) => growthOf(s, (month) => month.avgViews)),
    def('followers_history', 'Follower history', 'text', followersHistory),
  ],
  audience_geo: geoDefs,
  audience_interests: [
    def('audience_top_interests', 'Top audience interests', 'text', (s) =>
      topSharesText(audience(s, 'interests'), 5),
    ),
    def('creator_interests', 'Creator interests', 'text', (s) => namesOf(top(s, 'interests'))),
  ],
  brands: [
    def('brand_affinity', 'Brand affinity', 'text', (s) => namesOf(top(s, 'brandAffinity'))),
    def('audience_brand_affinity', 'Audience brand affinity', 'text', (s) =>
      topSharesText(audience(s, 'brandAffinity'), 5),
    ),
  ],
  posts: [
    def('avg_comments', 'Avg comments', 'integer', (s) =>
      firstNumber(top(s, 'avgComments'), allStats(s, 'avgComments')),
    ),
    def('avg_engagements', 'Avg engagements', 'integer', (s) =>
      firstNumber(summary(s, 'engagements'), allStats(s, 'engagements')),
    ),
    def('posts_count', 'Post count', 'integer', (s) =>
      firstNumber(top(s, 'postsCount'), top(s, 'postsCounts')),
    ),
    def('avg_reels_plays', 'Avg reels plays', 'integer', (s) => numberCell(top(s, 'avgReelsPlays'))),
    def('posts_per_4_weeks', 'Posts per 4 weeks', 'decimal', (s) =>
      numberCell(allStats(s, 'avgPosts4weeks')),
    ),
    def('total_likes', 'Total likes', 'integer', (s) => numberCell(top(s, 'totalLikes'))),
    def('total_views', 'Total views', 'integer', (s) => numberCell(top(s, 'totalViews'))),
    def('last_post_date', 'Last post', 'date', lastPostDate),
  ],
  sponsored: [
    def('sponsored_posts', 'Sponsored posts', 'integer', sponsoredCount),
    def('sponsors', 'Sponsors', 'text', sponsorsOf),
    def('sponsored_median_likes', 'Sponsored median likes', 'integer', (s) =>
      numberCell(top(s, 'sponsoredPostsMedianLikes')),
    ),
    def('sponsored_median_views', 'Sponsored median views', 'integer', (s) =>
      numberCell(top(s, 'sponsoredPostsMedianViews')),
    ),
    def('non_sponsored_median_likes', 'Non-sponsored median likes', 'integer', (s) =>
      numberCell(top(s, 'nonSponsoredPostsMedianLikes')),
    ),
    def('non_sponsored_median_views', 'Non-sponsored median views', 'integer', (s) =>
      numberCell(top(s, 'nonSponsoredPostsMedianViews')),
    ),
    def('paid_post_performance', 'Paid post performance', 'decimal', (s) =>
      numberCell(top(s, 'paidPostPerformance')),
    ),
    def('paid_post_performance_views', 'Paid post performance (views)', 'decimal', (s) =>
      numberCell(top(s, 'paidPostPerformanceViews')),
    ),
  ],
  contacts: [def('contact_details', 'Contact details', 'text', contactDetails)],
  ids: [
    def('platform', 'Platform', 'text', (s) => s.platform),
    def('user_id', 'User id', 'text', (s) => textCell(top(s, 'userId')) ?? textCell(summary(s, 'userId'))),
    def('url', 'URL', 'url', (s) => textCell(summary(s, 'url'))),
    def('picture', 'Picture', 'url', (s) => textCell(summary(s, 'picture'))),
  ],
};

const ALL_DEFS: readonly ReportColumn[] = [
  ...DEFAULT_DEFS,
  ...Object.keys(GROUP_DEFS).reduce<ReportColumn[]>((all, group) => all.concat(GROUP_DEFS[group]), []),
];
const DEF_BY_ID = new Map(ALL_DEFS.map((col) => [col.id, col]));

function publicColumn(col: ReportColumn): Column {
  return column(col.id, col.label, col.format);
}

/** Every report column, defaults first, then the groups in REPORT_GROUPS order. */
export const REPORT_COLUMNS: readonly Column[] = ALL_DEFS.map(publicColumn);

/** The columns of `=INFLUENCER_REPORT` when no fields are asked for. */
export const DEFAULT_REPORT_COLUMNS: readonly Column[] = REPORT_COLUMNS.slice(0, DEFAULT_DEFS.length);

/**
 * Group name -> column ids. `default` is the default set and `all` every column; the others are the
 * extra groups a selection can add.
 */
export const REPORT_GROUPS: Readonly<Record<string, readonly string[]>> = {
  default: DEFAULT_DEFS.map((col) => col.id),
  ...Object.keys(GROUP_DEFS).reduce<Record<string, string[]>>((groups, group) => {
    groups[group] = GROUP_DEFS[group].map((col) => col.id);
    return groups;
  }, {}),
  all: ALL_DEFS.map((col) => col.id),
};

export type ReportColumnSelection =
  { readonly ok: true; readonly columns: readonly Column[] } | { readonly ok: false; readonly error: string };

/** 'Engagement rate', 'engagement-rate' and 'ENGAGEMENT_RATE' all name `engagement_rate`. */
export function normalizeFieldName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

const COLUMN_BY_ID = new Map(REPORT_COLUMNS.map((col) => [col.id, col]));

/** Every name a selection may use (group, id, normalized label) -> its columns. */
const COLUMNS_BY_NAME = new Map<string, readonly Column[]>();
for (const group of Object.keys(REPORT_GROUPS)) {
  COLUMNS_BY_NAME.set(group, columnsOf(REPORT_GROUPS[group]));
}
for (const col of REPORT_COLUMNS) {
  COLUMNS_BY_NAME.set(col.id, [col]);
  const byLabel = normalizeFieldName(col.label);
  if (!COLUMNS_BY_NAME.has(byLabel)) COLUMNS_BY_NAME.set(byLabel, [col]);
}

function columnsOf(ids: readonly string[]): Column[] {
  const columns: Column[] = [];
  for (const id of ids) {
    const col = COLUMN_BY_ID.get(id);
    if (col !== undefined) columns.push(col);
  }
  return columns;
}

/** Names a selection may use, for "did you mean": column ids and group names. */
const SUGGESTED_NAMES = [...ALL_DEFS.map((col) => col.id), ...Object.keys(REPORT_GROUPS)];

/**
 * Unknown columns in one sentence, each with the name it is closest to (issue 25): never the list
 * of every column id, which a cell or a schedule's history line could not hold and nobody reads.
 */
function unknownFieldsText(unknown: readonly string[]): string {
  const named = unknown.map((name) => {
    const guess = closestName(normalizeFieldName(name), SUGGESTED_NAMES);
    return guess === undefined ? `"${name}"` : `"${name}" (did you mean "${guess}"?)`;
  });
  return (
    `Unknown field${unknown.length === 1 ? '' : 's'} ${named.join(', ')}. ` +
    `Columns are named as in the report, such as followers or engagement_rate, or by group: ${Object.keys(REPORT_GROUPS).join(', ')}.`
  );
}

/**
 * Resolves a selection: column ids, group names or header labels, in any case, as a list or one
 * comma-separated text. Columns come out in the order named (a group in its own order), each once.
 * No selection at all means the default columns. Unknown names fail in a sentence naming the
 * closest known name of each.
 */
export function selectReportColumns(fields?: string | readonly string[] | null): ReportColumnSelection {
  const names = (typeof fields === 'string' ? [fields] : (fields ?? []))
    .reduce<string[]>((all, entry) => all.concat(String(entry).split(/[,;\n]/)), [])
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return { ok: true, columns: DEFAULT_REPORT_COLUMNS };

  const unknown: string[] = [];
  const selected: Column[] = [];
  for (const name of names) {
    const found = COLUMNS_BY_NAME.get(normalizeFieldName(name));
    if (found === undefined) {
      if (unknown.indexOf(name) < 0) unknown.push(name);
      continue;
    }
    for (const col of found) if (selected.indexOf(col) < 0) selected.push(col);
  }
  if (unknown.length > 0) return { ok: false, error: unknownFieldsText(unknown) };
  return { ok: true, columns: selected };
}

/**
 * One row for one input position. A column this version does not know reads as empty. Date columns
 * are days in `timeZone`, the spreadsheet's (UTC when the caller sent none).
 */
export function reportToRow(
  input: ReportRowInput,
  columns: readonly Column[] = DEFAULT_REPORT_COLUMNS,
  timeZone: string = DEFAULT_TIME_ZONE,
): Row {
  if (input.kind === 'blank') return blankRow(columns.length);
  if (input.kind === 'error') return errorRow(input.message, columns.length);
  const source: Source = {
    platform: input.platform,
    report: input.report,
    reportDate: input.reportDate,
    timeZone,
  };
  return columns.map((col) => {
    const known = DEF_BY_ID.get(col.id);
    return known === undefined ? null : known.read(source);
  });
}

/** One row per input position, in input order, optionally after the header row. */
export function reportToRows(
  inputs: readonly ReportRowInput[],
  columns: readonly Column[] = DEFAULT_REPORT_COLUMNS,
  options?: RowOptions,
): Row[] {
  return withOptionalHeader(
    columns,
    inputs.map((input) => reportToRow(input, columns, options?.timeZone)),
    options,
  );
}
