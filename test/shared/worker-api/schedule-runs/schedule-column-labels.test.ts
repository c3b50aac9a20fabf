import { scheduleColumnLabels } from '../../../../shared/worker-api/schedule-runs/schedule-column-labels';

describe('scheduleColumnLabels', () => {
  it("answers an e-mail or search schedule's own columns, whatever report fields it carries", () => {
    expect(scheduleColumnLabels({ kind: 'email-search', fields: ['followers'] })).toMatchObject({
      ok: true,
      labels: expect.arrayContaining(['E-mail', 'Status', 'Other accounts']),
    });
    const search = scheduleColumnLabels({ kind: 'search' });
    expect(search.ok && search.labels).not.toContain('E-mail');
  });

  it("answers a report schedule's chosen fields, and a sentence for a field it does not know", () => {
    expect(scheduleColumnLabels({ kind: 'reports', fields: ['handle', 'followers'] })).toEqual({
      ok: true,
      labels: ['Handle', 'Followers'],
    });
    const unknown = scheduleColumnLabels({ kind: 'reports', fields: ['shoe_size'] });
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.error).toMatch(/shoe_size/);
  });
});
