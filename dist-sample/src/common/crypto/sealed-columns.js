/**
 * Every column that holds a sealed secret, by purpose. The purpose picks the key (each purpose has a
 * key of its own, derived from APP_ENCRYPTION_KEY) and names the row a value is bound to; the key
 * rotation (`npm run keys:rotate`) re-seals exactly these columns.
 */
export const SEALED_COLUMNS = {
    /** A webhook subscription's signing secret. */
    'webhook-secret': { table: 'webhook_subscriptions', column: 'sealed_secret', idColumn: 'id' },
    /** A statement's PDF password, once proven. */
    'pdf-password': { table: 'documents', column: 'sealed_password', idColumn: 'id' },
    /** A tenant's OIDC client secret (one configuration per tenant: the tenant id is the row's id). */
    'sso-client-secret': { table: 'sso_configurations', column: 'sealed_client_secret', idColumn: 'tenant_id' },
    /** A client's date of birth (YYYY-MM-DD): with the PAN, what issuers derive statement passwords from. */
    'client-date-of-birth': { table: 'clients', column: 'sealed_date_of_birth', idColumn: 'id' },
    /** A client's statement passwords, one sealed JSON array. */
    'client-statement-passwords': { table: 'clients', column: 'sealed_statement_passwords', idColumn: 'id' },
    /** The PKCE code verifier of an OIDC sign-in under way. */
    'sso-code-verifier': { table: 'sso_login_requests', column: 'sealed_code_verifier', idColumn: 'id' },
};
//# sourceMappingURL=sealed-columns.js.map