import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { SsoConfigurationEntity, type IdpDescriptor, type SignInBinding, type SsoProtocol } from './entities/sso-configuration.entity.js';
import { SsoLoginCodeEntity } from './entities/sso-login-code.entity.js';
import { SsoLoginRequestEntity } from './entities/sso-login-request.entity.js';

export type NewLoginRequest = Pick<SsoLoginRequestEntity, 'id' | 'tenantId' | 'protocol' | 'sealedCodeVerifier' | 'nonce' | 'binding' | 'codeChallenge' | 'expiresAt'>;
export type ConsumedLoginRequest = Pick<SsoLoginRequestEntity, 'id' | 'tenantId' | 'protocol' | 'sealedCodeVerifier' | 'nonce' | 'binding' | 'codeChallenge'>;
export type ConsumedCode = Pick<SsoLoginCodeEntity, 'userId' | 'tenantId' | 'protocol' | 'binding' | 'codeChallenge'>;

/** Every read and write of SSO configurations, pending logins and one-time codes. */
@Injectable()
export class SsoRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  // --- configurations --------------------------------------------------------------------------

  findConfig(tenantId: string): Promise<SsoConfigurationEntity | null> {
    return this.dataSource.getRepository(SsoConfigurationEntity).findOneBy({ tenantId });
  }

  /** Every configuration in use (for the checks at start; a handful of rows per deployment). */
  listEnabledConfigs(): Promise<SsoConfigurationEntity[]> {
    return this.dataSource.getRepository(SsoConfigurationEntity).find({ where: { disabledAt: IsNull() }, order: { tenantId: 'ASC' } });
  }

  async saveConfig(row: Omit<SsoConfigurationEntity, 'createdAt' | 'updatedAt' | 'tenant'>, manager: EntityManager): Promise<SsoConfigurationEntity> {
    const repo = manager.getRepository(SsoConfigurationEntity);
    await repo.upsert(row as never, ['tenantId']);
    return repo.findOneByOrFail({ tenantId: row.tenantId });
  }

  async disableConfig(tenantId: string, updatedBy: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(SsoConfigurationEntity).update({ tenantId }, { disabledAt: new Date(), updatedBy });
  }

  /** Stores refreshed IdP metadata unless the configuration was replaced or refreshed meanwhile. */
  async refreshIdp(tenantId: string, seenFetchedAt: Date, idp: IdpDescriptor, fetchedAt: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE sso_configurations SET idp = $3, metadata_fetched_at = $4 WHERE tenant_id = $1 AND metadata_fetched_at = $2`,
      [tenantId, seenFetchedAt, JSON.stringify(idp), fetchedAt],
    );
  }

  // --- pending logins --------------------------------------------------------------------------

  async insertLoginRequest(row: NewLoginRequest): Promise<void> {
    await this.dataSource.getRepository(SsoLoginRequestEntity).insert({ ...row, consumedAt: null });
  }

  /** The request's issue time when it is open (issued for this tenant, unexpired, not answered). */
  async openLoginRequestIssuedAt(id: string, tenantId: string, protocol: SsoProtocol): Promise<Date | null> {
    const rows: Array<{ created_at: Date }> = await this.dataSource.query(
      `SELECT created_at FROM sso_login_requests
        WHERE id = $1 AND tenant_id = $2 AND protocol = $3 AND consumed_at IS NULL AND expires_at > now()`,
      [id, tenantId, protocol],
    );
    return rows[0]?.created_at ?? null;
  }

  /**
   * Marks an open request answered and returns it; null when it is unknown, expired or already
   * answered. The compare-and-set makes a replay lose even when it races the first answer.
   */
  async consumeLoginRequest(id: string, protocol: SsoProtocol, tenantId?: string): Promise<ConsumedLoginRequest | null> {
    const [rows]: [Array<{ id: string; tenant_id: string; protocol: SsoProtocol; sealed_code_verifier: string | null; nonce: string | null; binding: SignInBinding | null; code_challenge: string | null }>, number] =
      await this.dataSource.query(
        `UPDATE sso_login_requests SET consumed_at = now()
          WHERE id = $1 AND protocol = $2 AND ($3::varchar IS NULL OR tenant_id = $3)
            AND consumed_at IS NULL AND expires_at > now()
        RETURNING id, tenant_id, protocol, sealed_code_verifier, nonce, binding, code_challenge`,
        [id, protocol, tenantId ?? null],
      );
    const row = rows[0];
    return row
      ? { id: row.id, tenantId: row.tenant_id, protocol: row.protocol, sealedCodeVerifier: row.sealed_code_verifier, nonce: row.nonce, binding: row.binding, codeChallenge: row.code_challenge }
      : null;
  }

  /** Drops pending logins and codes whose time is over (answered or not). */
  async purgeExpired(): Promise<void> {
    await this.dataSource.query(`DELETE FROM sso_login_requests WHERE expires_at < now()`);
    await this.dataSource.query(`DELETE FROM sso_login_codes WHERE expires_at < now()`);
  }

  // --- one-time codes --------------------------------------------------------------------------

  async insertCode(row: Pick<SsoLoginCodeEntity, 'codeHash' | 'tenantId' | 'userId' | 'protocol' | 'binding' | 'codeChallenge' | 'expiresAt'>): Promise<void> {
    await this.dataSource.getRepository(SsoLoginCodeEntity).insert({ ...row, consumedAt: null });
  }

  /** Uses a code once (a refused exchange uses it too): the user, protocol and binding when it was valid, otherwise null. */
  async consumeCode(codeHash: string): Promise<ConsumedCode | null> {
    const [rows]: [Array<{ user_id: string; tenant_id: string; protocol: SsoProtocol; binding: SignInBinding | null; code_challenge: string | null }>, number] =
      await this.dataSource.query(
        `UPDATE sso_login_codes SET consumed_at = now()
          WHERE code_hash = $1 AND consumed_at IS NULL AND expires_at > now()
        RETURNING user_id, tenant_id, protocol, binding, code_challenge`,
        [codeHash],
      );
    const row = rows[0];
    return row ? { userId: row.user_id, tenantId: row.tenant_id, protocol: row.protocol, binding: row.binding, codeChallenge: row.code_challenge } : null;
  }
}
