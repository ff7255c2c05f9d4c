export const ROLES = ['viewer', 'analyst', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { viewer: 1, analyst: 2, admin: 3 };

/** viewer < analyst < admin: an admin may do all an analyst may, and so on. */
export const roleAtLeast = (role: Role, minimum: Role): boolean => RANK[role] >= RANK[minimum];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
