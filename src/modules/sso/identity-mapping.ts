import { roleAtLeast, type Role } from '../../common/auth/roles.js';
import type { AttributeMapping } from './entities/sso-configuration.entity.js';

/** What an IdP said about the user: SAML attributes (and NameID), or OIDC claims. */
export interface IdpIdentity {
  attributes: Record<string, unknown>;
  nameId?: string | null;
}

export interface MappedIdentity {
  email: string;
  fullName: string | null;
  /** null when the mapping names no role attribute: Foliodesk admins then manage the role. */
  role: Role | null;
}

export class AttributeMissing extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Turns an IdP's attributes into a Foliodesk user. The role attribute may carry several values
 * (groups); each is looked up in `roleValues` and the highest role found wins; no match gives
 * `defaultRole`. A value is never read as a role by its name: without `roleValues` the role is left
 * to Foliodesk's admins, as when no role attribute is mapped.
 */
export function mapIdentity(identity: IdpIdentity, mapping: AttributeMapping, roleValues: Record<string, Role>, defaultRole: Role): MappedIdentity {
  const email = valuesOf(identity, mapping.email)[0]?.trim().toLowerCase();
  if (!email) throw new AttributeMissing(`the IdP sent no "${mapping.email}" attribute (mapped to email)`);
  if (email.length > 254 || !EMAIL.test(email)) throw new AttributeMissing(`the "${mapping.email}" attribute is not an e-mail address`);
  const fullName = mapping.full_name ? (valuesOf(identity, mapping.full_name)[0]?.trim().slice(0, 200) ?? null) : null;
  const role = mapping.role && Object.keys(roleValues).length > 0 ? roleFrom(valuesOf(identity, mapping.role), roleValues, defaultRole) : null;
  return { email, fullName: fullName || null, role };
}

export function roleFrom(values: string[], roleValues: Record<string, Role>, defaultRole: Role): Role {
  const lowered = new Map(Object.entries(roleValues).map(([k, v]) => [k.toLowerCase(), v]));
  let best: Role | null = null;
  for (const raw of values) {
    const value = raw.trim();
    const role = (Object.hasOwn(roleValues, value) ? roleValues[value] : lowered.get(value.toLowerCase())) ?? null;
    if (role && (!best || roleAtLeast(role, best))) best = role;
  }
  return best ?? defaultRole;
}

/** An attribute's values as strings: exact name first, then (for nested OIDC claims) a dotted path. */
function valuesOf(identity: IdpIdentity, name: string): string[] {
  if (name.toLowerCase() === 'nameid' && identity.nameId) return [identity.nameId];
  let value: unknown = Object.hasOwn(identity.attributes, name) ? identity.attributes[name] : undefined;
  if (value === undefined && name.includes('.')) {
    value = name.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined), identity.attributes);
  }
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v)).map(String).filter((v) => v.trim() !== '');
}
