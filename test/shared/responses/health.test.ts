import { healthGroupsOf, healthResponseSchema, healthStatusOf } from '../../../shared/responses/health';
import { readAnswer } from '../../../shared/responses/tolerant';
import { driftByPath } from './drift-by-path';
import { withValue, without } from './fixtures/edit-path';
import {
  healthAsVendorHelpPage,
  healthInCapitalsWithOddGroups,
  healthWithOneDegradedGroup,
} from './fixtures/health';

const schema = healthResponseSchema;
const drift = (body: unknown) => driftByPath(schema, body);

describe('healthResponseSchema', () => {
  it('reads the body the vendor help page shows, without error or groups, with no drift', () => {
    const health = schema.parse(healthAsVendorHelpPage());
    expect(health).toEqual({ status: 'ok' });
    expect(healthStatusOf(health.status)).toBe('Healthy');
    expect(healthGroupsOf(health.groups)).toEqual({});
    expect(drift(healthAsVendorHelpPage())).toEqual([]);
  });

  it('reads the overall status and each group of the suggested body', () => {
    const health = schema.parse(healthWithOneDegradedGroup());
    expect(health.status).toBe('Degraded');
    expect(health.groups?.reports).toBe('Degraded');
    expect(drift(healthWithOneDegradedGroup())).toEqual([]);
  });

  it('reads any status text as it came, whatever its case', () => {
    const health = schema.parse(healthInCapitalsWithOddGroups());
    expect(health.status).toBe('UNHEALTHY');
    expect(health.groups?.tiktok).toBe(42);
    expect(drift(healthInCapitalsWithOddGroups())).toEqual([]);
  });

  it('reads a body without status, and reports it', () => {
    const body = without(healthWithOneDegradedGroup(), ['status']);
    expect(schema.parse(body).status).toBeUndefined();
    expect(drift(body)).toEqual([{ kind: 'missing', path: 'status' }]);
    expect(drift(withValue(healthWithOneDegradedGroup(), ['status'], 3))).toEqual([
      { kind: 'wrong_type', path: 'status' },
    ]);
  });

  it('reads groups that are not an object as none, silently', () => {
    const body = withValue(healthWithOneDegradedGroup(), ['groups'], ['search']);
    expect(schema.parse(body).groups).toBeUndefined();
    expect(drift(body)).toEqual([]);
  });

  it('keeps unknown fields', () => {
    const body = withValue(healthWithOneDegradedGroup(), ['checkedAt'], 1714550000000);
    expect(schema.parse(body)).toMatchObject({ checkedAt: 1714550000000 });
  });

  it('rejects a body that is not an object', () => {
    expect(readAnswer(schema, 'ok').ok).toBe(false);
    expect(readAnswer(schema, null).ok).toBe(false);
  });
});

describe('healthStatusOf', () => {
  it.each([
    ['ok', 'Healthy'],
    ['OK', 'Healthy'],
    ['Healthy', 'Healthy'],
    [' healthy ', 'Healthy'],
    ['up', 'Healthy'],
    ['pass', 'Healthy'],
    ['degraded', 'Degraded'],
    ['DEGRADED', 'Degraded'],
    ['warn', 'Degraded'],
    ['UNHEALTHY', 'Unhealthy'],
    ['Unhealthy', 'Unhealthy'],
    ['down', 'Unhealthy'],
    ['fail', 'Unhealthy'],
  ])('reads %j as %s', (text, status) => {
    expect(healthStatusOf(text)).toBe(status);
  });

  it.each([['Maintenance'], ['okay-ish'], [''], [42], [null], [undefined], [{ status: 'ok' }], [true]])(
    'reads %j as no status it knows',
    (text) => {
      expect(healthStatusOf(text)).toBeNull();
    },
  );
});

describe('healthGroupsOf', () => {
  it('keeps the groups whose status it knows, under their own names, and drops the others', () => {
    expect(healthGroupsOf(healthInCapitalsWithOddGroups().groups)).toEqual({
      search: 'Unhealthy',
      reports: 'Healthy',
    });
    expect(healthGroupsOf(healthWithOneDegradedGroup().groups)).toEqual({
      search: 'Healthy',
      reports: 'Degraded',
      'email-search': 'Healthy',
      instagram: 'Healthy',
    });
  });

  it('gives no groups for an answer without them', () => {
    expect(healthGroupsOf(undefined)).toEqual({});
    expect(healthGroupsOf({})).toEqual({});
  });
});
