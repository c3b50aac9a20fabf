import {
  buildCollaborationsRequest,
  type CollaborationsFormValues,
  fieldsShown,
  initialCollaborationsValues,
  localDay,
} from '../../../../addon/sidebar/collaborations/collaborations-form';

const TODAY = '2026-11-21';

function values(extra: Partial<CollaborationsFormValues> = {}): CollaborationsFormValues {
  return { ...initialCollaborationsValues(), id: '@ana', ...extra };
}

describe('buildCollaborationsRequest', () => {
  it('starts as posts of an influencer on Instagram, 5 pages, all time', () => {
    expect(buildCollaborationsRequest(values(), TODAY)).toEqual({
      ok: true,
      request: { kind: 'posts', subject: 'influencer', platform: 'instagram', id: '@ana', pages: 5 },
    });
  });

  it('sends the window and the counterpart only when filled in', () => {
    const result = buildCollaborationsRequest(
      values({ from: '2026-01-01', to: '2026-06-30', collaborator: ' nike.com ', pages: ' 12 ' }),
      TODAY,
    );
    expect(result).toEqual({
      ok: true,
      request: {
        kind: 'posts',
        subject: 'influencer',
        platform: 'instagram',
        id: '@ana',
        collaborator: 'nike.com',
        from: '2026-01-01',
        to: '2026-06-30',
        pages: 12,
      },
    });
  });

  it("groups by brand domain in an influencer's summary only", () => {
    const influencer = buildCollaborationsRequest(values({ kind: 'summary', groupByDomain: true }), TODAY);
    const brand = buildCollaborationsRequest(
      values({ kind: 'summary', subject: 'brand', id: 'nike.com', groupByDomain: true }),
      TODAY,
    );
    expect(influencer).toMatchObject({ ok: true, request: { kind: 'summary', groupByDomain: true } });
    expect(brand).toMatchObject({ ok: true, request: { kind: 'summary', groupByDomain: false } });
    // A summary is one call: no pages are sent, whatever the hidden field holds.
    expect(buildCollaborationsRequest(values({ kind: 'summary', pages: 'x' }), TODAY)).toMatchObject({
      ok: true,
    });
  });

  it('behind the older-API switch: posts only, no window, no counterpart', () => {
    const result = buildCollaborationsRequest(
      values({
        olderApi: true,
        kind: 'summary',
        from: '2026-01-01',
        collaborator: 'nike.com',
        groupByDomain: true,
      }),
      TODAY,
    );
    expect(result).toEqual({
      ok: true,
      request: {
        kind: 'older',
        subject: 'influencer',
        platform: 'instagram',
        id: '@ana',
        groupByDomain: true,
        pages: 5,
      },
    });
  });

  it('ties each mistake to its field', () => {
    const result = buildCollaborationsRequest(
      values({ id: '', pages: '60', from: '2026-12-01', to: '2026-11-01' }),
      TODAY,
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'pages', message: 'Pages must be a whole number from 1 to 50, got "60".' },
        { field: 'id', message: "Type the influencer's handle, profile URL or id." },
        { field: 'from', message: 'From must not be after today (2026-11-21), got 2026-12-01.' },
      ],
    });
    expect(buildCollaborationsRequest(values({ pages: '' }), TODAY)).toEqual({
      ok: false,
      errors: [{ field: 'pages', message: 'Say how many pages: 1 to 50.' }],
    });
  });

  it('says on which platforms the older brand endpoint exists', () => {
    const result = buildCollaborationsRequest(
      values({ olderApi: true, subject: 'brand', platform: 'youtube', id: 'nike.com' }),
      TODAY,
    );
    expect(result).toMatchObject({ ok: false, errors: [{ field: 'platform' }] });
  });
});

describe('fieldsShown', () => {
  it('shows what applies to the choices', () => {
    expect(fieldsShown(values())).toEqual({
      kind: true,
      collaborator: true,
      window: true,
      pages: true,
      groupByDomain: false,
    });
    expect(fieldsShown(values({ kind: 'summary' }))).toMatchObject({ pages: false, groupByDomain: true });
    expect(fieldsShown(values({ kind: 'summary', subject: 'brand' }))).toMatchObject({
      groupByDomain: false,
    });
    expect(fieldsShown(values({ olderApi: true }))).toEqual({
      kind: false,
      collaborator: false,
      window: false,
      pages: true,
      groupByDomain: true,
    });
  });
});

describe('localDay', () => {
  it("writes the user's own calendar day", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
