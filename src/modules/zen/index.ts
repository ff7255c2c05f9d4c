/**
 * The zen (chat) module's public API, for every other module: `ZenModule.forRoot(role)` for the
 * application, `ChatFiguresModule` and its `ChatFigures` for the tenant's chat counts and usage, a user's
 * conversations and usage (`forUser`) and chat activity events (`activity`).
 */
export { ZenModule } from './zen.module.js';
export { ChatFiguresModule } from './chat/chat-figures.module.js';
export { ChatFigures, type TenantChatFigures, type UserChatFigures } from './chat/chat-figures.js';
