import { createAccessPolicy, type AccountProof } from '../../../../worker/src/identity/access-policy';

/** An ID token of a Workspace account of `domain`, or of a consumer account (no `hd`). */
const workspace = (domain: string): AccountProof => ({ via: 'idToken', hostedDomain: domain });
const consumer: AccountProof = { via: 'idToken', hostedDomain: null };
const workerKey: AccountProof = { via: 'workerKey' };

describe('access policy', () => {
  const policy = createAccessPolicy({
    allowedDomains: ['Team.com', '@partner.io', 'gmail.com'],
    allowedEmails: ['Freelancer@Outlook.com', 'contractor@team.com'],
    adminEmails: ['boss@team.com', 'owner@outside.org', 'kim@team.com'],
  });

  it('lets in listed domains and addresses as members, whatever the case', () => {
    expect(policy.decide('Ana@TEAM.com', workspace('team.com'))).toEqual({
      allowed: true,
      email: 'ana@team.com',
      role: 'member',
    });
    expect(policy.decide('x@partner.io', workspace('partner.io'))).toMatchObject({ allowed: true });
    expect(policy.decide('freelancer@outlook.com', consumer)).toMatchObject({
      allowed: true,
      role: 'member',
    });
  });

  it('makes admins of ADMIN_EMAILS, even outside the allowed domains', () => {
    expect(policy.decide('Boss@Team.com', workspace('team.com'))).toEqual({
      allowed: true,
      email: 'boss@team.com',
      role: 'admin',
    });
    expect(policy.decide('owner@outside.org', consumer)).toMatchObject({ allowed: true, role: 'admin' });
  });

  it('refuses other addresses and look-alike domains with a reason', () => {
    expect(policy.decide('eve@evil.com', workspace('evil.com'))).toEqual({
      allowed: false,
      email: 'eve@evil.com',
      reason: 'eve@evil.com may not use this worker: ask an admin to add the address or its domain',
    });
    expect(policy.decide('eve@sub.team.com', workspace('sub.team.com'))).toMatchObject({ allowed: false });
    expect(policy.decide('eve@team.com.evil.com', workspace('team.com.evil.com'))).toMatchObject({
      allowed: false,
    });
    expect(policy.decide('other@outlook.com', consumer)).toMatchObject({ allowed: false });
  });

  describe('Workspace domains (hd)', () => {
    it('refuses a personal Google account with an address at an allowed domain, saying so', () => {
      expect(policy.decide('ana@team.com', consumer)).toEqual({
        allowed: false,
        email: 'ana@team.com',
        reason:
          "ana@team.com may not use this worker: it is a personal Google account, not one managed by team.com's Google Workspace; sign in with your team.com work account",
      });
    });

    it("refuses an account another organization's Workspace manages", () => {
      expect(policy.decide('ana@team.com', workspace('evil.com'))).toEqual({
        allowed: false,
        email: 'ana@team.com',
        reason:
          "ana@team.com may not use this worker: its Google account is managed by evil.com, not by team.com's Google Workspace",
      });
      // hd of a subdomain or a look-alike is another domain.
      expect(policy.decide('ana@team.com', workspace('sub.team.com'))).toMatchObject({ allowed: false });
    });

    it('holds listed addresses and admins at a Workspace domain to the same rule', () => {
      expect(policy.decide('boss@team.com', consumer)).toMatchObject({ allowed: false });
      expect(policy.decide('contractor@team.com', consumer)).toMatchObject({ allowed: false });
      expect(policy.decide('contractor@team.com', workspace('team.com'))).toMatchObject({ allowed: true });
    });

    it("needs no hd at Google's consumer domains, which never carry one", () => {
      expect(policy.decide('someone@gmail.com', consumer)).toMatchObject({ allowed: true, role: 'member' });
    });

    it('takes a worker key as proven: its ID token passed this check when the key was issued', () => {
      expect(policy.decide('ana@team.com', workerKey)).toMatchObject({ allowed: true, role: 'member' });
      expect(policy.decide('boss@team.com', workerKey)).toMatchObject({ allowed: true, role: 'admin' });
    });
  });

  describe('strict addresses', () => {
    it.each([
      ['two "@"', 'a@evil.org@team.com', 'it has more than one "@"'],
      ['a leading space', ' boss@team.com', 'it contains a space, a control or an invisible character'],
      ['a trailing space', 'boss@team.com ', 'it contains a space, a control or an invisible character'],
      ['a tab inside', 'boss\t@team.com', 'it contains a space, a control or an invisible character'],
      ['a NUL', 'boss@team.com\u0000', 'it contains a space, a control or an invisible character'],
      [
        'a zero-width space',
        '\u200bboss@team.com',
        'it contains a space, a control or an invisible character',
      ],
      ['a no-break space', 'boss@team.com\u00a0', 'it contains a space, a control or an invisible character'],
      ['no "@"', 'boss.team.com', 'it has no "@"'],
      ['an empty local part', '@team.com', 'the part before the "@" is empty'],
      ['a quoted local part', '"boss"@team.com', 'holds characters an address cannot'],
      ['a misplaced dot', 'boss.@team.com', 'the part before the "@" has a misplaced dot'],
      ['a domain of one label', 'boss@team', '"team" is not a domain name'],
      ['a domain with an empty label', 'boss@team..com', '"team..com" is not a domain name'],
      ['a domain ending in a dot', 'boss@team.com.', '"team.com." is not a domain name'],
      ['an IP address', 'boss@127.0.0.1', '"127.0.0.1" is not a domain name'],
      ['a non-ASCII domain', 'boss@tеam.com', 'it holds characters outside plain ASCII'],
      // The Kelvin sign lower-cases to "k": read leniently, it would be kim@team.com.
      ['a look-alike that lower-cases to ASCII', '\u212aim@team.com', 'outside plain ASCII'],
    ])('refuses an address with %s, with a sentence', (_case, claim, why) => {
      const decision = policy.decide(claim, workspace('team.com'));
      expect(decision.allowed).toBe(false);
      if (decision.allowed) return;
      expect(decision.reason).toContain('the sign-in address is not a plain e-mail address: ');
      expect(decision.reason).not.toContain(claim);
      expect(decision.reason).toContain(why);
    });

    it('compares roles on the parsed address only', () => {
      expect(policy.decide(' boss@team.com', workspace('team.com'))).toMatchObject({ allowed: false });
      expect(policy.decide('boss@team.com\n', workerKey)).toMatchObject({ allowed: false });
      expect(policy.decide('BOSS@TEAM.COM', workspace('team.com'))).toMatchObject({ role: 'admin' });
    });

    it('refuses a malformed address even when everyone is let in (sandbox mode)', () => {
      const open = createAccessPolicy({
        allowedDomains: [],
        allowedEmails: [],
        adminEmails: [],
        openWhenUnlisted: true,
      });
      expect(open.decide('a@evil.org@example.com', consumer)).toMatchObject({ allowed: false });
      expect(open.decide('you@playground.test', workspace('playground.test'))).toEqual({
        allowed: true,
        email: 'you@playground.test',
        role: 'member',
      });
    });
  });

  it('lets in no one but admins when both lists are empty', () => {
    const closed = createAccessPolicy({
      allowedDomains: [],
      allowedEmails: [' '],
      adminEmails: ['boss@team.com'],
    });
    expect(closed.decide('ana@team.com', workspace('team.com'))).toEqual({
      allowed: false,
      email: 'ana@team.com',
      reason:
        'ana@team.com may not use this worker: no one is allowed yet (an admin sets ALLOWED_DOMAINS or ALLOWED_EMAILS)',
    });
    expect(closed.decide('boss@team.com', consumer)).toMatchObject({ allowed: true, role: 'admin' });
  });

  it('lets in every verified account when both lists are empty and it is told to (sandbox mode)', () => {
    const open = createAccessPolicy({
      allowedDomains: [],
      allowedEmails: [],
      adminEmails: [],
      openWhenUnlisted: true,
    });
    expect(open.decide('anyone@anywhere.com', consumer)).toMatchObject({ allowed: true, role: 'member' });

    const listed = createAccessPolicy({
      allowedDomains: ['team.com'],
      allowedEmails: [],
      adminEmails: [],
      openWhenUnlisted: true,
    });
    expect(listed.decide('anyone@anywhere.com', consumer)).toMatchObject({ allowed: false });
  });

  it('decides once per address and proof: the same question, the same decision; another proof, its own', () => {
    const asked = [
      ['ana@team.com', workspace('team.com')],
      ['ana@team.com', consumer],
      ['ana@team.com', workspace('other.com')],
      ['ana@team.com', workerKey],
    ] as const;
    const first = asked.map(([email, proof]) => policy.decide(email, proof));
    const again = [...asked]
      .reverse()
      .map(([email, proof]) => policy.decide(email, proof))
      .reverse();

    expect(first.map((decision) => decision.allowed)).toEqual([true, false, false, true]);
    again.forEach((decision, index) => expect(decision).toBe(first[index]));
    expect(Object.isFrozen(first[0])).toBe(true);
  });
});
