/** passport-jwt's verifier: checks the token's signature and claims against the options. */
export type JwtVerifier = (token: string, secretOrKey: unknown, options: object, done: (error: Error | null, payload?: unknown) => void) => void;

interface Verified {
  readonly secretOrKey: unknown;
  readonly payload: Readonly<{ exp?: unknown }>;
}

/** How many verified tokens each strategy remembers (a few MiB at most). */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Wraps `verify` so that a token it has already accepted, with the same key and options, is not
 * verified again until it expires. Verifying an HS256 token with jsonwebtoken is about a tenth of the
 * CPU of an authenticated read (docs/benchmarks.md), and its answer for a given token, key and options
 * changes only with the clock: so a remembered token is answered from memory while `exp` is ahead
 * (checked exactly as jsonwebtoken does, in whole seconds), and from then on by `verify` again, which
 * gives the expiry error. Only accepted tokens are remembered, without `exp` never; rejected ones always
 * go to `verify`. Remembered per options object (one per strategy instance), so two applications in a
 * process never answer from each other's; the oldest entry goes first once `max` are held.
 */
export function rememberVerified(verify: JwtVerifier, max = VERIFIED_TOKENS_MAX): JwtVerifier {
  const byOptions = new WeakMap<object, Map<string, Verified>>();
  return (token, secretOrKey, options, done) => {
    let verified = byOptions.get(options);
    const hit = verified?.get(token);
    if (hit && hit.secretOrKey === secretOrKey) {
      if (Math.floor(Date.now() / 1000) < (hit.payload.exp as number)) return done(null, hit.payload);
      verified!.delete(token);
    }
    verify(token, secretOrKey, options, (error, payload) => {
      if (!error && payload && typeof payload === 'object' && typeof (payload as { exp?: unknown }).exp === 'number') {
        if (!verified) byOptions.set(options, (verified = new Map()));
        if (verified.size >= max) verified.delete(verified.keys().next().value!);
        verified.set(token, { secretOrKey, payload: Object.freeze(payload) });
      }
      done(error, payload);
    });
  };
}
