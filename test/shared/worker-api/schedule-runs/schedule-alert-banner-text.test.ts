import { alertBannerText } from '../../../../shared/worker-api/schedule-runs/schedule-alert-banner-text';

describe('alertBannerText', () => {
  it("words a failure and a pause as both runners write them, with the last good run's time", () => {
    expect(
      alertBannerText('failed', '2026-11-25 09:00 (Europe/Berlin)', 'Google refused.', '2026-11-24 09:00'),
    ).toBe(
      '⚠ Not refreshed: the run of 2026-11-25 09:00 (Europe/Berlin) failed: Google refused. Last refreshed 2026-11-24 09:00.',
    );
    expect(alertBannerText('paused', '2026-11-25 09:00 (UTC)', 'Google refused.', null)).toBe(
      '⚠ Paused after 3 failed runs (the last 2026-11-25 09:00 (UTC)): Google refused. It has not refreshed yet. Resume it in Extensions > Creator Sheets > Schedules.',
    );
  });
});
