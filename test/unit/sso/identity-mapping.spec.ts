import { describe, expect, it } from '@jest/globals';
import type { Role } from '../../../src/common/auth/roles.js';
import { AttributeMissing, mapIdentity, roleFrom } from '../../../src/modules/sso/identity-mapping.js';

const GROUPS: Record<string, Role> = { 'foliodesk-admins': 'admin', 'Foliodesk Analysts': 'analyst', 'foliodesk-viewers': 'viewer' };

describe('roleFrom', () => {
  it.each<{ name: string; values: string[]; roleValues: Record<string, Role>; fallback: Role; expected: Role }>([
    { name: 'one mapped value', values: ['foliodesk-admins'], roleValues: GROUPS, fallback: 'viewer', expected: 'admin' },
    { name: 'the highest of several values', values: ['foliodesk-viewers', 'Foliodesk Analysts', 'sales'], roleValues: GROUPS, fallback: 'viewer', expected: 'analyst' },
    { name: 'a value in another case', values: ['FOLIODESK-ADMINS'], roleValues: GROUPS, fallback: 'viewer', expected: 'admin' },
    { name: 'no mapped value: the default', values: ['sales', 'hr'], roleValues: GROUPS, fallback: 'analyst', expected: 'analyst' },
    { name: 'no values: the default', values: [], roleValues: GROUPS, fallback: 'viewer', expected: 'viewer' },
    { name: 'never a role name itself without a mapping', values: ['Admin', 'analyst'], roleValues: {}, fallback: 'viewer', expected: 'viewer' },
    { name: 'never a role name itself beside a mapping', values: ['admin'], roleValues: GROUPS, fallback: 'viewer', expected: 'viewer' },
    { name: 'never a property every object has', values: ['constructor', '__proto__', 'toString'], roleValues: GROUPS, fallback: 'viewer', expected: 'viewer' },
  ])('$name', ({ values, roleValues, fallback, expected }) => {
    expect(roleFrom(values, roleValues, fallback)).toBe(expected);
  });
});

describe('mapIdentity', () => {
  it('reads e-mail, name and role from the mapped attributes (lower-cased e-mail)', () => {
    const identity = { attributes: { mail: ' Priya.Sharma@Example.IN ', displayName: 'Priya Sharma', groups: ['foliodesk-admins'] } };
    expect(mapIdentity(identity, { email: 'mail', full_name: 'displayName', role: 'groups' }, GROUPS, 'viewer')).toEqual({
      email: 'priya.sharma@example.in',
      fullName: 'Priya Sharma',
      role: 'admin',
    });
  });

  it('leaves the role to Foliodesk when no role attribute is mapped', () => {
    expect(mapIdentity({ attributes: { email: 'a@example.in', groups: ['foliodesk-admins'] } }, { email: 'email' }, GROUPS, 'viewer').role).toBeNull();
  });

  it('uses the SAML NameID for the mapping value NameID', () => {
    expect(mapIdentity({ attributes: {}, nameId: 'ravi@example.in' }, { email: 'NameID' }, {}, 'viewer').email).toBe('ravi@example.in');
  });

  it('follows dotted paths into nested OIDC claims', () => {
    const identity = { attributes: { email: 'k@example.in', realm_access: { roles: ['offline_access', 'wealth-analyst'] } } };
    expect(mapIdentity(identity, { email: 'email', role: 'realm_access.roles' }, { 'wealth-analyst': 'analyst' }, 'viewer').role).toBe('analyst');
  });

  it('leaves the role to Foliodesk when a role attribute is mapped without role values (a configuration stored before they were required)', () => {
    const identity = { attributes: { email: 'a@example.in', groups: ['admin'] } };
    expect(mapIdentity(identity, { email: 'email', role: 'groups' }, {}, 'viewer').role).toBeNull();
  });

  it('prefers an attribute whose name contains dots over a nested path', () => {
    const name = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';
    expect(mapIdentity({ attributes: { [name]: 'e@example.in' } }, { email: name }, {}, 'viewer').email).toBe('e@example.in');
  });

  it.each([
    { name: 'a missing e-mail attribute', attributes: { name: 'X' } },
    { name: 'an e-mail that is not an address', attributes: { email: 'not-an-address' } },
    { name: 'an empty e-mail', attributes: { email: '   ' } },
  ])('refuses $name', ({ attributes }) => {
    expect(() => mapIdentity({ attributes }, { email: 'email' }, {}, 'viewer')).toThrow(AttributeMissing);
  });
});
