import { SetMetadata } from '@nestjs/common';
export const RAW_RESPONSE = 'foliodesk:raw-response';
/** The handler's return value goes on the wire as is (V2 bodies, binaries, the bare session id). */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);
//# sourceMappingURL=raw-response.decorator.js.map