import type { FakeRuntime } from './runtime';
import type { FakeSession } from './session';
import { zonedParts } from './zoned-time';

/**
 * Installable time-driven triggers as Apps Script keeps them for an Editor add-on, with Google's
 * documented rules (https://developers.google.com/apps-script/guides/triggers/installable,
 * https://developers.google.com/workspace/add-ons/concepts/editor-triggers#restrictions and
 * https://developers.google.com/apps-script/guides/services/quotas):
 * - "Each add-on can only have one trigger of each type, per user, per document";
 * - "Time-driven triggers cannot run more frequently than once per hour" for add-ons;
 * - 20 triggers per user per script;
 * - a trigger runs "under the account of the person who created" it, as a full run of 6 minutes;
 * - total trigger runtime per user per day: 90 minutes on consumer accounts, 6 hours on Workspace;
 *   past it a run is refused with "Service using too much computer time for one day".
 * Time passes on the fakes' clock: `runDue()` runs what has come due since the last call, as a
 * test (or the playground) moves the clock on.
 */

export const MAX_TRIGGERS_PER_USER = 20;
export const TRIGGER_RUNTIME_PER_DAY_MS = { consumer: 90 * 60_000, workspace: 6 * 60 * 60_000 } as const;
export const TOO_MANY_DOCUMENT_TRIGGERS =
  'This add-on has created too many time-based triggers in this document for this Google user account.';
export const TOO_MUCH_COMPUTER_TIME = 'Service using too much computer time for one day';
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** One installable trigger (Apps Script's Trigger). */
export class FakeTrigger {
  constructor(
    private readonly id: string,
    readonly handler: string,
    readonly owner: string,
    readonly documentId: string,
    readonly everyMs: number,
    public nextAt: number,
  ) {}

  getUniqueId(): string {
    return this.id;
  }

  getHandlerFunction(): string {
    return this.handler;
  }

  getEventType(): string {
    return 'CLOCK';
  }

  getTriggerSource(): string {
    return 'CLOCK';
  }

  getTriggerSourceId(): string | null {
    return null;
  }
}

/** `ScriptApp.newTrigger(fn)`: an add-on makes time-driven triggers from it (timeBased). */
export class FakeTriggerBuilder {
  constructor(
    private readonly triggers: FakeTriggers,
    private readonly handler: string,
  ) {}

  timeBased(): FakeClockTriggerBuilder {
    return new FakeClockTriggerBuilder(this.triggers, this.handler);
  }
}

/** `ScriptApp.newTrigger(fn).timeBased()...create()`, add-on style. */
export class FakeClockTriggerBuilder {
  private everyMs: number | null = null;
  private hour: number | null = null;
  private zone = 'Etc/UTC';

  constructor(
    private readonly triggers: FakeTriggers,
    private readonly handler: string,
  ) {}

  everyMinutes(minutes: number): this {
    // Add-ons: not more often than once an hour.
    throw new Error(
      `Add-ons may create time-based triggers that run at most once per hour, not every ${minutes} minutes.`,
    );
  }

  everyHours(hours: number): this {
    if (!Number.isInteger(hours) || hours < 1) throw new Error(`Invalid argument: hours (${hours})`);
    this.everyMs = hours * HOUR_MS;
    return this;
  }

  everyDays(days: number): this {
    if (!Number.isInteger(days) || days < 1) throw new Error(`Invalid argument: days (${days})`);
    this.everyMs = days * DAY_MS;
    return this;
  }

  atHour(hour: number): this {
    if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new Error(`Invalid argument: hour (${hour})`);
    this.hour = hour;
    return this;
  }

  inTimezone(timeZone: string): this {
    zonedParts(new Date(0), timeZone);
    this.zone = timeZone;
    return this;
  }

  create(): FakeTrigger {
    if (this.everyMs === null)
      throw new Error('A time-based trigger needs everyHours or everyDays before create()');
    return this.triggers.add(this.handler, this.everyMs, this.hour, this.zone);
  }
}

/** Every user's installable triggers of the script, and what they have run today. */
export class FakeTriggers {
  private readonly all: FakeTrigger[] = [];
  private nextId = 1;
  /** Per user and UTC day: trigger runtime spent (ms). */
  private readonly spent = new Map<string, number>();
  /** Which daily quota applies: a Workspace account's or a consumer account's. */
  accountKind: keyof typeof TRIGGER_RUNTIME_PER_DAY_MS = 'workspace';
  /** Runs refused for want of daily runtime, and run errors, for tests to read. */
  readonly refused: { handler: string; owner: string; reason: string }[] = [];

  constructor(
    private readonly runtime: FakeRuntime,
    private readonly session: FakeSession,
    private readonly documentId: () => string,
  ) {}

  /** The triggers of `owner` (everyone's when absent), oldest first. */
  of(owner?: string): FakeTrigger[] {
    return this.all.filter((trigger) => owner === undefined || trigger.owner === owner);
  }

  add(handler: string, everyMs: number, hour: number | null, zone: string): FakeTrigger {
    const owner = this.session.effectiveUserEmail;
    const documentId = this.documentId();
    if (this.of(owner).some((trigger) => trigger.documentId === documentId)) {
      throw new Error(TOO_MANY_DOCUMENT_TRIGGERS);
    }
    if (this.of(owner).length >= MAX_TRIGGERS_PER_USER) {
      throw new Error(
        'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
      );
    }
    const trigger = new FakeTrigger(
      `trigger-${this.nextId++}`,
      handler,
      owner,
      documentId,
      everyMs,
      firstRun(this.runtime.clock.now(), everyMs, hour, zone),
    );
    this.all.push(trigger);
    return trigger;
  }

  remove(trigger: FakeTrigger): void {
    const at = this.all.findIndex((candidate) => candidate.getUniqueId() === trigger.getUniqueId());
    if (at < 0) throw new Error('Trigger not found');
    if (this.all[at].owner !== this.session.effectiveUserEmail) {
      throw new Error('You do not have permission to delete a trigger of another user.');
    }
    this.all.splice(at, 1);
  }

  /**
   * Runs every trigger due by the clock, each as its owner in a full run (6 minutes), its runtime
   * charged to the owner's day; one past the day's quota is refused. `call` runs the handler
   * (Apps Script hands it an event with the trigger's `triggerUid`).
   */
  runDue(call: (handler: string, trigger: FakeTrigger) => void): number {
    let ran = 0;
    for (const trigger of [...this.all]) {
      const now = this.runtime.clock.now();
      if (trigger.nextAt > now) continue;
      trigger.nextAt = Math.max(trigger.nextAt + trigger.everyMs, now + 1);
      const day = `${trigger.owner} ${Math.floor(now / DAY_MS)}`;
      const used = this.spent.get(day) ?? 0;
      if (used >= TRIGGER_RUNTIME_PER_DAY_MS[this.accountKind]) {
        this.refused.push({ handler: trigger.handler, owner: trigger.owner, reason: TOO_MUCH_COMPUTER_TIME });
        continue;
      }
      const before = this.runtime.clock.now();
      const previous = { active: this.session.activeUserEmail, effective: this.session.effectiveUserEmail };
      this.session.actAs(trigger.owner);
      try {
        call(trigger.handler, trigger);
      } catch (error) {
        this.refused.push({ handler: trigger.handler, owner: trigger.owner, reason: String(error) });
      } finally {
        this.session.activeUserEmail = previous.active;
        this.session.effectiveUserEmail = previous.effective;
        this.spent.set(day, used + (this.runtime.clock.now() - before));
        ran += 1;
      }
    }
    return ran;
  }

  /** Trigger runtime `owner` has spent on the clock's UTC day (ms). */
  spentToday(owner: string): number {
    return this.spent.get(`${owner} ${Math.floor(this.runtime.clock.now() / DAY_MS)}`) ?? 0;
  }
}

/** The first run: the next whole hour, or with `hour` the next day at that hour in `zone`. */
function firstRun(now: number, everyMs: number, hour: number | null, zone: string): number {
  const nextHour = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
  if (hour === null || everyMs < DAY_MS) return nextHour;
  for (let at = nextHour; at < nextHour + 2 * DAY_MS; at += HOUR_MS) {
    if (zonedParts(new Date(at), zone).hour === hour) return at;
  }
  return nextHour;
}
