import { createAccessPolicy } from '../../../../worker/src/identity/access-policy';

describe('access policy', () => {
  const policy = createAccessPolicy({
    allowedDomains: ['Team.com', '@partner.io'],
    allowedEmails: ['Freelancer@Gmail.com'],
    adminEmails: ['boss@team.com', 'owner@outside.org'],
  });

  it('lets in listed domains and addresses as members, whatever the case', () => {
    expect(policy.decide('Ana@TEAM.com')).toEqual({ allowed: true, email: 'ana@team.com', role: 'member' });
    expect(policy.decide('x@partner.io')).toMatchObject({ allowed: true, role: 'member' });
    expect(policy.decide('freelancer@gmail.com')).toMatchObject({ allowed: true, role: 'member' });
  });

  it('makes admins of ADMIN_EMAILS, even outside the allowed domains', () => {
    expect(policy.decide('Boss@Team.com')).toEqual({ allowed: true, email: 'boss@team.com', role: 'admin' });
    expect(policy.decide('owner@outside.org')).toMatchObject({ allowed: true, role: 'admin' });
  });

  it('refuses other addresses and look-alike domains with a reason', () => {
    expect(policy.decide('eve@evil.com')).toEqual({
      allowed: false,
      email: 'eve@evil.com',
      reason: 'eve@evil.com may not use this worker: ask an admin to add the address or its domain',
    });
    expect(policy.decide('eve@sub.team.com')).toMatchObject({ allowed: false });
    expect(policy.decide('eve@team.com.evil.com')).toMatchObject({ allowed: false });
    expect(policy.decide('other@gmail.com')).toMatchObject({ allowed: false });
  });

  it('lets in no one but admins when both lists are empty', () => {
    const closed = createAccessPolicy({
      allowedDomains: [],
      allowedEmails: [' '],
      adminEmails: ['boss@team.com'],
    });
    expect(closed.decide('ana@team.com')).toEqual({
      allowed: false,
      email: 'ana@team.com',
      reason:
        'ana@team.com may not use this worker: no one is allowed yet (an admin sets ALLOWED_DOMAINS or ALLOWED_EMAILS)',
    });
    expect(closed.decide('boss@team.com')).toMatchObject({ allowed: true, role: 'admin' });
  });

  it('lets in every verified account when both lists are empty and it is told to (sandbox mode)', () => {
    const open = createAccessPolicy({
      allowedDomains: [],
      allowedEmails: [],
      adminEmails: [],
      openWhenUnlisted: true,
    });
    expect(open.decide('anyone@anywhere.com')).toMatchObject({ allowed: true, role: 'member' });

    const listed = createAccessPolicy({
      allowedDomains: ['team.com'],
      allowedEmails: [],
      adminEmails: [],
      openWhenUnlisted: true,
    });
    expect(listed.decide('anyone@anywhere.com')).toMatchObject({ allowed: false });
  });
});
