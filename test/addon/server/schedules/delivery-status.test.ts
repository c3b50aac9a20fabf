import { readDeliveryStatus } from '../../../../addon/server/schedules/delivery-status';
import { installServerGlobals, TEST_KEY, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
});
afterEach(() => env.restore());

describe('server delivery status', () => {
  it('asks nothing before this user connects', () => {
    expect(readDeliveryStatus()).toBeNull();
    expect(env.worker.requests).toHaveLength(0);
  });

  it("asks about this spreadsheet with the user's own key, and reads the answer tolerantly", () => {
    env.connect();
    const id = env.fakes.spreadsheet.getId();
    env.worker.on('get', `api/documents/${id}/delivery`, {
      body: { serviceAccount: 'sa@p.iam.gserviceaccount.com', shared: false, message: 'Share it.', extra: 1 },
    });
    expect(readDeliveryStatus()).toEqual({
      serviceAccount: 'sa@p.iam.gserviceaccount.com',
      shared: false,
      message: 'Share it.',
    });
    expect(env.worker.requests[0].headers.Authorization).toBe(`Bearer ${TEST_KEY}`);
  });
});
