/**
 * Exact decimal sums (numeric with at most 4 decimals, as pg answers them) added up and rounded once
 * to 2 decimals, half away from zero (DESIGN §2), without passing through floating point.
 */
export function sumInr(...amounts: string[]): number {
  const tenThousandths = amounts.reduce((total, amount) => {
    const [whole, fraction = ''] = amount.split('.');
    return total + BigInt(whole + fraction.padEnd(4, '0').slice(0, 4));
  }, 0n);
  return Number((tenThousandths + 50n) / 100n) / 100;
}

/** Token counts (bigint, as pg answers them) added up exactly. */
export function sumTokens(...counts: string[]): number {
  return Number(counts.reduce((total, count) => total + BigInt(count), 0n));
}
