/**
 * The clients module's public API, for every other module. Import clients only from here (or its
 * *.module.ts files); what is not exported here is internal to clients.
 *
 * - ClientsCoreModule: import it to use ClientRegister (no routes; nexus imports it).
 * - ClientRegister: the secrets an encrypted statement's password may be (`passwordHolders`), link a completed statement's investors to clients (`linkStatement`, in the
 *   caller's transaction), forget a deleted document's links (`forgetDocument`, likewise), the clients of a document (`clientsOfDocument`), the documents of a client
 *   (`documentIdsOf`), a client or a household with its members by id, 404 across tenants
 *   (`requireClient`, `requireHousehold`).
 * - ClientsModule (clients.module.ts): the routes, for the application module.
 */
export { ClientsCoreModule } from './clients-core.module.js';
export { ClientRegister, } from './client-register.js';
export { RELATIONSHIPS } from './entities/household-member.entity.js';
//# sourceMappingURL=index.js.map