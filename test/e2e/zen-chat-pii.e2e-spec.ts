import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildStatement, PLANNERS } from '../fixtures/generator/builders.js';
import type { StatementModel } from '../fixtures/generator/index.js';
import { drawPdf } from '../fixtures/generator/layout/pdf.js';
import { paginate } from '../fixtures/generator/layout/plan.js';
import { createTenant, startTestApp, type Account, type TestApp } from '../support/app.js';
import { ask, newSession, uploadIntoSession } from '../support/chat.js';
import { openAiEnv, startMockOpenAi, type MockMessage, type MockOpenAi } from '../support/mock-openai-api.js';

/** The investor's identifiers printed in the statement's investor block, beside the generated name, PAN and address. */
const AADHAAR = '2345 6789 0124'; // Verhoeff-valid
const ACCOUNT = '50100123456789';
const IFSC = 'HDFC0001234';

/**
 * A CAMS statement whose investor block prints, under the investor's name, the address with its PIN
 * code, the date of birth, the Aadhaar number and the bank account with its IFSC, as KYC-style
 * statements do.
 */
async function statementWithInvestorBlock(): Promise<{ model: StatementModel; pdf: Buffer; dob: string; pin: string }> {
  const { model } = buildStatement('cams_detailed', { seed: 42, investors: 1 });
  const investor = model.investors[0];
  const [year, month, day] = investor.date_of_birth.split('-');
  const dob = `${day}/${month}/${year}`;
  const pin = /\d{6}/.exec(investor.address.join(' '))![0];
  investor.address = [...investor.address, `Date of Birth: ${dob}`, `Aadhaar: ${AADHAAR}`, `Bank: HDFC Bank A/c ${ACCOUNT} IFSC ${IFSC}`];
  const plan = PLANNERS.cams_detailed(model);
  const { pdf } = await drawPdf(paginate(plan), plan.geometry, { info: plan.info, creationDate: new Date(`${model.period.to}T18:30:00Z`), encryption: null, rupeeFontPath: null });
  return { model, pdf, dob, pin };
}

const userText = (messages: MockMessage[] = []) => messages.map((m) => m.content).join('\n');

/** The model's side: it answers with the placeholders it was given, as a real model quotes them. */
function answerWithPlaceholders(messages: MockMessage[]) {
  const found = (kind: string) => new RegExp(`\\[${kind}_\\d+\\]`).exec(userText(messages))?.[0] ?? '(none)';
  return { kind: 'completion' as const, text: `Investor ${found('NAME')} (PAN ${found('PAN')}) holds the portfolio described.` };
}

describe('zen chat: personal identifiers never reach the language model (local mock of the paid API)', () => {
  let mock: MockOpenAi;
  let t: TestApp;
  let analyst: Account;
  let session: string;
  let statement: Awaited<ReturnType<typeof statementWithInvestorBlock>>;
  const inr = (n: number) => `INR ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  beforeAll(async () => {
    mock = await startMockOpenAi(answerWithPlaceholders);
    t = await startTestApp(openAiEnv(mock));
    ({ analyst } = await createTenant(t.http));
    statement = await statementWithInvestorBlock();
    session = await newSession(t, analyst);
    await uploadIntoSession(t, analyst, session, statement.pdf);
  }, 90_000);
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  /** The investor's identifiers found in what the model received, in any of the ways they could be written there. */
  function leaked(sent: string): string[] {
    const { name, pan } = statement.model.investors[0];
    const flat = sent.replace(/\s+/g, ' ').toUpperCase();
    const compact = sent.replace(/[\s-]+/g, '').toUpperCase();
    const checks: Array<[string, boolean]> = [
      ['name', flat.includes(name.toUpperCase())],
      ['PAN', compact.includes(pan)],
      ['Aadhaar', compact.includes(AADHAAR.replace(/\s/g, ''))],
      ['bank account', compact.includes(ACCOUNT)],
      ['date of birth', sent.includes(statement.dob) || compact.includes(statement.dob.replace(/\//g, ''))],
      ['PIN code', new RegExp(`(?<!\\d)${statement.pin}(?!\\d)`).test(sent)],
    ];
    return checks.filter(([, found]) => found).map(([label]) => label);
  }
  const expectNoIdentifier = (sent: string) => expect(leaked(sent)).toEqual([]);

  it('masks a question that spells out the investor’s identifiers, and the answer still names them', async () => {
    const { name, pan } = statement.model.investors[0];
    const spaced = `${pan.slice(0, 5)} ${pan.slice(5, 9)} ${pan[9]}`;
    const password = `${pan}${statement.dob.replace(/\//g, '')}`;
    const query =
      `I am ${name.toUpperCase()}, PAN ${spaced} (statement password ${password}), Aadhaar ${AADHAAR}, ` +
      `bank a/c ${ACCOUNT} IFSC ${IFSC}, born ${statement.dob}, living in ${statement.model.investors[0].address[2]}. What is the total value of my portfolio?`;
    const before = mock.calls.length;
    const res = await ask(t, analyst, session, query);
    expect(res.status).toBe(200);
    const sent = userText(mock.calls.at(-1)!.body.messages);
    expect(mock.calls.length).toBe(before + 1);
    expectNoIdentifier(sent);
    // The figures still reach the model, and the answer comes back with the real identifiers.
    expect(sent).toContain(inr(statement.model.totals.market_value));
    expect(res.body.result.response).toBe(`Investor ${name} (PAN ${pan}) holds the portfolio described.`);
  });

  it('masks the investor block of the statement when its passage is retrieved', async () => {
    const res = await ask(t, analyst, session, 'Which address, date of birth, Aadhaar and bank account does the statement print for the investor?');
    expect(res.status).toBe(200);
    const sent = userText(mock.calls.at(-1)!.body.messages);
    // The passage with the investor block was sent: its street is there, its identifiers are not.
    expect(sent).toContain('PASSAGES');
    expect(sent).toContain(statement.model.investors[0].address[0]);
    expect(sent).toContain(IFSC);
    expectNoIdentifier(sent);
    // Figures, ISINs and transaction dates are left for the model to answer from.
    expect(sent).toMatch(/ISIN: IN[EF][A-Z0-9]{9}/);
    expect(sent).toMatch(/\b\d{2}-[A-Z][a-z]{2}-2025 SIP Purchase - Instalment No - \d [\d,]+\.\d{2} [\d,]+\.\d{3} [\d.]+/);
    expect(res.body.result.response).toContain(statement.model.investors[0].name);
  });

  it('sent none of them in any request, the pipeline’s summary included', () => {
    expect(mock.calls.length).toBeGreaterThanOrEqual(3);
    expectNoIdentifier(mock.calls.map((c) => userText(c.body.messages)).join('\n'));
  });
});
