import { JOB_KIND_NAMES } from '../../../../shared/worker-api/job-kinds';
import { JOB_KINDS } from '../../../../worker/src/jobs/job-kind-registry';

describe('the job kind registry', () => {
  it('runs every kind the API names, and no other', () => {
    // The add-on starts jobs by these names: one the worker lacks would be refused at run time.
    expect(JOB_KINDS.map((kind) => kind.name).sort()).toEqual([...JOB_KIND_NAMES].sort());
  });
});
