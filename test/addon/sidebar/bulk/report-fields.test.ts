import { groupLabel, reportFields, reportGroupChoices } from '../../../../addon/sidebar/bulk/report-fields';
import { REPORT_GROUPS, selectReportColumns } from '../../../../shared/rows/report-rows';

describe('report field groups', () => {
  it('offers every group of report-rows but "all", the default first, with its column headers', () => {
    const choices = reportGroupChoices();
    expect(choices.map((choice) => choice.name)).toEqual(
      Object.keys(REPORT_GROUPS).filter((name) => name !== 'all'),
    );
    expect(choices[0]).toMatchObject({ name: 'default', label: 'Default columns' });
    for (const choice of choices) {
      expect(choice.columns).toHaveLength(REPORT_GROUPS[choice.name].length);
      expect(choice.columns.every((label) => label !== '')).toBe(true);
    }
  });

  it('sends [] for the default columns alone, group names otherwise, and null for none', () => {
    expect(reportFields(['default'])).toEqual([]);
    expect(reportFields(['growth', 'default'])).toEqual(['default', 'growth']);
    expect(reportFields([])).toBeNull();
  });

  it('sends only names the report mapping accepts', () => {
    const fields = reportFields(reportGroupChoices().map((choice) => choice.name));
    expect(fields).not.toBeNull();
    expect(selectReportColumns(fields)).toMatchObject({ ok: true });
  });

  it('writes group names as words', () => {
    expect(groupLabel('audience_geo')).toBe('Audience geo');
  });
});
