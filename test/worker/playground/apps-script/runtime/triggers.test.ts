import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';
import {
  MAX_TRIGGERS_PER_USER,
  TOO_MANY_DOCUMENT_TRIGGERS,
  TOO_MUCH_COMPUTER_TIME,
  TRIGGER_RUNTIME_PER_DAY_MS,
} from '../../../../../worker/playground/apps-script/runtime/triggers';

/** Installable time-driven triggers as Apps Script keeps them for an add-on (triggers.ts). */

const HOUR = 60 * 60_000;
const START = Date.UTC(2026, 10, 2, 7, 30);

function fakes(now = START) {
  return createAppsScriptFakes({
    now,
    spreadsheet: { id: '1TriggerSheet0000000000000000000000000000000' },
    session: { activeUserEmail: 'ana@team.com' },
  });
}

describe('installable triggers of an add-on', () => {
  it('runs an hourly trigger every hour, as the person who made it, in a full run', () => {
    const google = fakes();
    google.runtime.run('full', () =>
      google.scriptApp.newTrigger('refresh').timeBased().everyHours(1).create(),
    );
    const ran: string[] = [];
    const run = () =>
      google.triggers.runDue((handler) =>
        ran.push(`${handler} as ${google.session.effectiveUserEmail} in ${google.runtime.mode}`),
      );
    google.session.actAs('bo@team.com');
    google.clock.advance(29 * 60_000);
    expect(run()).toBe(0);
    google.clock.advance(60_000);
    expect(run()).toBe(1);
    google.clock.advance(HOUR);
    expect(run()).toBe(1);
    expect(ran).toEqual(['refresh as ana@team.com in full', 'refresh as ana@team.com in full']);
    // The session is the one who was there before the trigger ran.
    expect(google.session.effectiveUserEmail).toBe('bo@team.com');
    google.dispose();
  });

  it('starts a daily trigger at its hour in its zone', () => {
    const google = fakes();
    const trigger = google.runtime.run('full', () =>
      google.scriptApp
        .newTrigger('daily')
        .timeBased()
        .everyDays(1)
        .atHour(9)
        .inTimezone('Europe/Berlin')
        .create(),
    );
    // 07:30 UTC is 08:30 in Berlin in November: 09:00 Berlin is 08:00 UTC.
    expect(trigger.nextAt).toBe(Date.UTC(2026, 10, 2, 8, 0));
    google.dispose();
  });

  it('keeps one time-driven trigger per user and document, none more often than hourly, 20 per user', () => {
    const google = fakes();
    const make = () =>
      google.runtime.run('full', () =>
        google.scriptApp.newTrigger('refresh').timeBased().everyHours(1).create(),
      );
    make();
    expect(make).toThrow(TOO_MANY_DOCUMENT_TRIGGERS);
    expect(() =>
      google.runtime.run('full', () => google.scriptApp.newTrigger('x').timeBased().everyMinutes(15)),
    ).toThrow(/at most once per hour/);
    // Another user may have their own in the same document.
    google.session.actAs('bo@team.com');
    make();
    expect(google.runtime.run('full', () => google.scriptApp.getProjectTriggers())).toHaveLength(1);
    expect(google.triggers.of()).toHaveLength(2);
    expect(MAX_TRIGGERS_PER_USER).toBe(20);
    // A formula may not make one.
    expect(() => google.runtime.run('custom-function', () => google.scriptApp.newTrigger('x'))).toThrow(
      /permission/,
    );
    google.dispose();
  });

  it("refuses runs past the user's daily trigger runtime", () => {
    // Just after midnight UTC: the 20 hours below stay within one day's quota.
    const google = fakes(Date.UTC(2026, 10, 2, 0, 10));
    google.triggers.accountKind = 'consumer';
    google.runtime.run('full', () => google.scriptApp.newTrigger('long').timeBased().everyHours(1).create());
    // Each run takes 6 minutes: 15 of them fill a consumer account's 90 minutes.
    let runs = 0;
    for (let hour = 0; hour < 20; hour++) {
      google.clock.advance(HOUR);
      runs += google.triggers.runDue(() => google.clock.advance(6 * 60_000));
    }
    expect(runs).toBeLessThanOrEqual(TRIGGER_RUNTIME_PER_DAY_MS.consumer / (6 * 60_000) + 1);
    expect(google.triggers.refused.some((refusal) => refusal.reason === TOO_MUCH_COMPUTER_TIME)).toBe(true);
    google.dispose();
  });
});
