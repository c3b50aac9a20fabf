import { healthResponseSchema } from '../../../shared/responses/health';
import { withValue, without } from './fixtures/edit-path';

function healthWithOneDegradedGroup() {
  return {
    error: false,
    status: 'Degraded',
    groups: { search: 'Healthy', reports: 'Degraded', 'email-search': 'Healthy', instagram: 'Healthy' },
  };
}

describe('healthResponseSchema', () => {
  it('reads the overall status and each group', () => {
    const health = healthResponseSchema.parse(healthWithOneDegradedGroup());
    expect(health.status).toBe('Degraded');
    expect(health.groups?.reports).toBe('Degraded');
  });

  it('accepts a body without groups', () => {
    expect(healthResponseSchema.safeParse(without(healthWithOneDegradedGroup(), ['groups'])).success).toBe(
      true,
    );
  });

  it('rejects an unknown status, overall or in a group, and a missing status', () => {
    expect(
      healthResponseSchema.safeParse(withValue(healthWithOneDegradedGroup(), ['status'], 'OK')).success,
    ).toBe(false);
    expect(
      healthResponseSchema.safeParse(withValue(healthWithOneDegradedGroup(), ['groups', 'search'], 'healthy'))
        .success,
    ).toBe(false);
    expect(healthResponseSchema.safeParse(without(healthWithOneDegradedGroup(), ['status'])).success).toBe(
      false,
    );
  });

  it('keeps unknown fields', () => {
    const body = withValue(healthWithOneDegradedGroup(), ['checkedAt'], 1714550000000);
    expect(healthResponseSchema.parse(body)).toMatchObject({ checkedAt: 1714550000000 });
  });
});
