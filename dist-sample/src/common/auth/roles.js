export const ROLES = ['viewer', 'analyst', 'admin'];
const RANK = { viewer: 1, analyst: 2, admin: 3 };
/** viewer < analyst < admin: an admin may do all an analyst may, and so on. */
export const roleAtLeast = (role, minimum) => RANK[role] >= RANK[minimum];
export const isRole = (value) => typeof value === 'string' && ROLES.includes(value);
//# sourceMappingURL=roles.js.map