/** The service-provider URLs an admin pastes into the IdP, all derived from PUBLIC_BASE_URL. */
export interface ServiceProviderEndpoints {
  /** SAML SP entity id (also the audience the assertions must name). */
  entity_id: string;
  /** SAML Assertion Consumer Service (HTTP-POST). */
  acs_url: string;
  /** SAML SP metadata (XML). */
  metadata_url: string;
  /** OIDC redirect URI. */
  callback_url: string;
  /** Where users start a sign-in. */
  login_url: string;
}

export function serviceProviderEndpoints(publicBaseUrl: string, tenantId: string): ServiceProviderEndpoints {
  const base = `${publicBaseUrl}/api/v1/auth/sso`;
  const tenant = encodeURIComponent(tenantId);
  return {
    entity_id: `${base}/saml/metadata?tenant=${tenant}`,
    acs_url: `${base}/saml/acs`,
    metadata_url: `${base}/saml/metadata?tenant=${tenant}`,
    callback_url: `${base}/oidc/callback`,
    login_url: `${base}/login?tenant=${tenant}`,
  };
}
