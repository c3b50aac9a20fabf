import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';

describe('FakeSession', () => {
  it('names the user in a full run and nobody in a custom function', () => {
    const { session, runtime } = createAppsScriptFakes({ session: { activeUserEmail: 'bo@agency.com' } });
    expect(session.getActiveUser().getEmail()).toBe('bo@agency.com');
    expect(session.getEffectiveUser().getEmail()).toBe('bo@agency.com');
    expect(runtime.run('custom-function', () => session.getActiveUser().getEmail())).toBe('');
    expect(runtime.run('custom-function', () => session.getEffectiveUser().getEmail())).toBe('');
  });

  it('gives a stable temporary key that does not contain the address', () => {
    const { session } = createAppsScriptFakes();
    const key = session.getTemporaryActiveUserKey();
    expect(session.getTemporaryActiveUserKey()).toBe(key);
    expect(key).not.toContain('ana');
    session.activeUserEmail = 'other@team.com';
    expect(session.getTemporaryActiveUserKey()).not.toBe(key);
  });

  it('is out of reach of onOpen in AuthMode.NONE', () => {
    const { session, runtime } = createAppsScriptFakes();
    expect(() => runtime.run('auth-none', () => session.getActiveUser())).toThrow('Session.getActiveUser');
  });
});
