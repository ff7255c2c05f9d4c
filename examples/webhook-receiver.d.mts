export function verifySignature(secret: string, rawBody: Buffer | string, header: string | string[] | undefined): boolean;
export function verifySignatureV2(secret: string, timestampHeader: string | string[] | undefined, rawBody: Buffer | string, header: string | string[] | undefined): boolean;
export function freshEnough(timestampHeader: string | string[] | undefined, nowSeconds?: number): boolean;
