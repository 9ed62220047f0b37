// Every field with a check of its own, given hostile values: each is refused as VALIDATION naming
// the field, never by an exception. Days that are not days; halves of surrogate pairs anywhere in a
// request (keys too); invisible characters in names, labels, comments, file names and addresses;
// control characters in a withdrawal's public comment; requests nested past any operation's.
import { describe, expect, it } from 'vitest';
import type { OperationName } from '../../../preload/contract';
import { calendarDayProblem } from '../../../preload/contract/portfolio';
import { MAX_REQUEST_DEPTH, parseRequest } from '../../../preload/contract/requests';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = isoDay(Date.now());
const tomorrow = isoDay(Date.now() + DAY_MS);

/** A throw here fails the test with its own message: refusals must come back as data. */
const parse = (op: OperationName, request: unknown) => parseRequest(op, request);

function expectRefused(op: OperationName, request: unknown, field: string, message?: RegExp): void {
  const parsed = parse(op, request);
  expect(parsed, JSON.stringify(request)?.slice(0, 120)).toMatchObject({ ok: false, error: { code: 'VALIDATION', field } });
  if (message !== undefined && !parsed.ok) expect(parsed.error.message).toMatch(message);
}

describe('a day (balancesOnDate, exportBalancesOnDate)', () => {
  const valid = { valuationCurrency: 'USD', scope: 'all' };

  it.each([
    'x', '', ' ', 'NaN', 'today', '2026', '2026-1-1', '20260101', '2026/01/01', '01-01-2026', '2026-01-01T00:00:00Z',
    '2026-01-01 00:00', '+02026-01-01', '-2026-01-01', '٢٠٢٦-٠١-٠١', '2026-01-01\u0000', '2026-0１-01', '2026-01-0\uD800',
    '9'.repeat(100_000), '2026-01-01'.repeat(1_000),
  ])('refuses %j as not written YYYY-MM-DD', (day) => {
    for (const op of ['balancesOnDate', 'exportBalancesOnDate'] as const) expectRefused(op, { ...valid, day }, 'day', /YYYY-MM-DD|broken character/);
  });

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32', '2026-04-31', '0000-00-00', '9999-99-99'])(
    'refuses %j as not a calendar date',
    (day) => {
      for (const op of ['balancesOnDate', 'exportBalancesOnDate'] as const) expectRefused(op, { ...valid, day }, 'day', /not a calendar date/);
    },
  );

  it('refuses a day after today, up to the last one there is', () => {
    for (const day of [tomorrow, '9999-12-31']) expectRefused('balancesOnDate', { ...valid, day }, 'day', /future/);
  });

  it.each([[20260101], [null], [[]], [{}], [true]])('refuses %j as not text', (day) => {
    expectRefused('balancesOnDate', { ...valid, day }, 'day', /^day must be a string/);
  });

  it('accepts real days up to today, a leap day and the first year included, trimmed', () => {
    for (const day of ['2024-02-29', '2000-02-29', '0001-01-01', '1970-01-01', today]) expect(calendarDayProblem(day), day).toBeNull();
    expect(parse('balancesOnDate', { ...valid, day: ` ${today} ` })).toMatchObject({ ok: true, value: { day: today } });
  });

  it('decides the future against the time it is given', () => {
    const noon = Date.parse('2026-03-10T12:00:00Z');
    expect(calendarDayProblem('2026-03-10', noon)).toBeNull();
    expect(calendarDayProblem('2026-03-11', noon)).toBe('day must not be in the future');
  });
});

describe('text that is not well-formed', () => {
  const lone = ['\uD800', '\uDFFF', 'BTC\uD83D', '\uDE00BTC'];
  const withdrawal = { currency: 'BTC', network: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', amount: '0.1' };

  it.each([
    ['getWalletOverview', { valuationCurrency: 'USD' }, 'valuationCurrency'],
    ['checkOwnAddress', { address: 'bc1q' }, 'address'],
    ['getSubAccountAddress', { id: 'sub1', currency: 'BTC', network: 'BTC' }, 'currency'],
    ['getSubAccountAddress', { id: 'sub1', currency: 'BTC', network: 'BTC' }, 'network'],
    ['getSubAccountAddress', { id: 'sub1', currency: 'BTC', network: 'BTC' }, 'id'],
    ['prepareWithdrawal', withdrawal, 'address'],
    ['commitWithdrawal', { id: 'tx-1' }, 'id'],
    ['getMovement', { id: 'tx-1' }, 'id'],
    ['historySummary', { filter: { text: 'x' } }, 'filter.text'],
  ] as const)('%s refuses a broken character in %s', (op, valid, field) => {
    for (const char of lone) {
      const [outer = field, inner] = field.split('.');
      const request = inner === undefined ? { ...valid, [field]: char } : { ...valid, [outer]: { [inner]: `a${char}` } };
      expectRefused(op, request, field, /broken character \(U\+D[89A-F][0-9A-F]{2}, half of a pair\)/);
    }
  });

  it('names the item of a list, and the object whose key is broken', () => {
    expectRefused('freezeSubAccounts', { ids: ['sub1', 'sub\uDC00'] }, 'ids.1', /broken character/);
    expectRefused('removeProfile', { ['id\uD800']: 'p1' }, 'request', /A field name contains a broken character/);
  });

  it('accepts whole surrogate pairs (emoji, rarer scripts)', () => {
    expect(parse('trustExportKey', { publicKey: `${'A'.repeat(43)}=`, label: 'Desk 🦊 𝔗' })).toMatchObject({ ok: true });
  });
});

describe('invisible characters in names, labels, comments, file names and addresses', () => {
  const invisible = [
    ['zero-width space', '\u200B'],
    ['zero-width joiner', '\u200D'],
    ['zero-width non-joiner', '\u200C'],
    ['byte order mark', '\uFEFF'],
    ['soft hyphen', '\u00AD'],
    ['word joiner', '\u2060'],
    ['right-to-left override', '\u202E'],
    ['first-strong isolate', '\u2068'],
    ['Arabic letter mark', '\u061C'],
    ['language tag', '\u{E0001}'],
    ['NUL', '\u0000'],
    ['line feed', '\n'],
  ] as const;
  const profile = { name: 'Ops', apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://s.example.com', authMethod: 'HS256', publicKey: 'pk', secretKey: 'sk' };
  const withdrawal = { currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', amount: '0.1' };
  const fields = [
    ['createProfile', profile, 'name', 'The name'],
    ['trustExportKey', { publicKey: `${'A'.repeat(43)}=` }, 'label', 'The label'],
    ['beginReview', { size: 10 }, 'fileName', 'The file name'],
    ['setSubAccountAcl', { ids: ['sub1'] }, 'description', 'The description'],
    ['prepareWithdrawal', withdrawal, 'publicComment', 'The public comment'],
    ['prepareWithdrawal', withdrawal, 'address', 'The address'],
    ['prepareWithdrawal', withdrawal, 'paymentId', 'The payment id'],
  ] as const;

  it.each(fields)('%s refuses each in %s', (op, valid, field, what) => {
    for (const [name, char] of invisible) {
      const parsed = parse(op, { ...valid, [field]: `Desk${char}A` });
      expect(parsed, name).toMatchObject({ ok: false, error: { code: 'VALIDATION', field } });
      if (!parsed.ok) expect(parsed.error.message, name).toMatch(new RegExp(`^${what} contains an invisible`));
    }
  });

  it.each(fields)('%s accepts visible text in any script in %s', (op, valid, field) => {
    const text = field === 'address' || field === 'paymentId' ? 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' : 'Kasse · Касса – 金庫 (EU)';
    expect(parse(op, { ...valid, [field]: text })).toMatchObject({ ok: true });
  });
});

describe('codes and ids', () => {
  const filter = { currencies: ['BTC'] };
  it.each([
    ['getWalletOverview', { valuationCurrency: 'USD' }, 'valuationCurrency'],
    ['listDepositAddresses', { currency: 'BTC', network: 'BTC' }, 'currency'],
    ['listDepositAddresses', { currency: 'BTC', network: 'BTC' }, 'network'],
    ['checkOwnAddress', { address: 'bc1q' }, 'address'],
    ['convertFunds', { fromCurrency: 'BTC', toCurrency: 'USDT', amount: '1', quoteId: 'q1' }, 'quoteId'],
    ['createBuyOrder', { quote: 'q1', providerId: 'p1', methodId: 'm1', source: 'EUR', target: 'BTC', network: 'BTC', amount: '10' }, 'quote'],
    ['createBuyOrder', { quote: 'q1', providerId: 'p1', methodId: 'm1', source: 'EUR', target: 'BTC', network: 'BTC', amount: '10' }, 'network'],
    ['watchCandles', { symbol: 'BTCUSDT', period: 'H1' }, 'symbol'],
    ['historySummary', { filter }, 'filter.currencies.0'],
    ['reviewBalances', { reviewId: 'r1' }, 'reviewId'],
    ['forgetExportKey', { fingerprint: 'f1' }, 'fingerprint'],
    ['runSweep', { planId: 'plan1' }, 'planId'],
    ['commitWithdrawal', { id: 'tx-1' }, 'id'],
    ['rollbackWithdrawal', { id: 'tx-1' }, 'id'],
  ] as const)('%s refuses an invisible character in %s before anything is sent', (op, valid, field) => {
    expect(parse(op, valid), 'the valid request').toMatchObject({ ok: true });
    const path = field.split('.');
    for (const char of ['\u0000', '\n', '\u200B', '\u202E', '\u00AD', 'B\uFEFF']) {
      const request = path.length === 1 ? { ...valid, [field]: `BT${char}C` } : { ...valid, filter: { currencies: [`BT${char}C`] } };
      expectRefused(op, request, field, /^The .+ contains an invisible/);
    }
  });
});

describe('a withdrawal’s public comment', () => {
  const withdrawal = { currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', amount: '0.1' };

  it.each([
    ['NUL', '\u0000'], ['line feed', '\n'], ['carriage return', '\r'], ['tab', '\t'], ['escape', '\u001B'], ['DEL', '\u007F'],
    ['C1 next line', '\u0085'], ['C1 CSI', '\u009B'], ['right-to-left override', '\u202E'], ['left-to-right embedding', '\u202A'],
    ['right-to-left isolate', '\u2067'], ['pop directional isolate', '\u2069'], ['right-to-left mark', '\u200F'],
  ])('is refused holding %s, before anything is sent', (_name, char) => {
    expectRefused('prepareWithdrawal', { ...withdrawal, publicComment: `Invoice 42${char}` }, 'publicComment', /^The public comment contains an invisible/);
  });

  it('keeps its other limits: at most 255 characters, and may be left out', () => {
    expectRefused('prepareWithdrawal', { ...withdrawal, publicComment: 'x'.repeat(256) }, 'publicComment', /255/);
    expect(parse('prepareWithdrawal', withdrawal)).toMatchObject({ ok: true });
    expect(parse('prepareWithdrawal', { ...withdrawal, publicComment: 'Invoice 42, March' })).toMatchObject({ ok: true });
  });
});

describe('nesting', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });

  it('refuses a request nested past any operation’s before its schema runs, naming where', () => {
    const parsed = parse('historySummary', { filter: nested(2_000) });
    expect(parsed).toMatchObject({ ok: false, error: { code: 'VALIDATION', message: expect.stringMatching(/nested too deeply/) } });
    if (!parsed.ok) expect(parsed.error.field?.split('.')).toHaveLength(MAX_REQUEST_DEPTH);
  });

  it('lets every real request through: the deepest is well under the limit', () => {
    expect(parse('historySummary', { filter: { currencies: ['BTC'] } })).toMatchObject({ ok: true });
  });
});
