// The wallet page's operations against the sandbox: live balance pushes, the live/not-live state,
// deposit addresses, check-mine, fee estimates, transfers and the active-profile session.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, unwrap, waitForEvent, type Harness } from '../withdrawals/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.core.activate();
  await waitForEvent(h, 'walletLive', (e) => e.live);
});

afterAll(async () => {
  await h?.close();
});

describe('live balances', () => {
  it('pushes merged balances when a transfer moves funds, without polling', async () => {
    const before = unwrap(await h.core.handlers.getWalletOverview({ valuationCurrency: 'USDT' }));
    const eth = before.balances.find((b) => b.currency === 'ETH')!;
    const getsBefore = h.wire.filter((line) => line.startsWith('GET /api/3/wallet/balance') || line.startsWith('GET /api/3/spot/balance')).length;
    const pushedBefore = h.events.length;
    unwrap(await h.core.handlers.transferFunds({ currency: 'ETH', amount: '0.25', from: 'wallet', to: 'spot' }));
    const walletSide = new Decimal(eth.wallet.available).minus('0.25').toFixed();
    const spotSide = new Decimal(eth.spot.available).plus('0.25').toFixed();
    await waitForEvent(h, 'walletBalances', (e) => {
      const row = e.balances.find((b) => b.currency === 'ETH');
      return row?.wallet.available === walletSide && row.spot.available === spotSide;
    });
    expect(h.events.length).toBeGreaterThan(pushedBefore);
    // The transfer itself reads the source balance once; the pushes need no further reads.
    const getsAfter = h.wire.filter((line) => line.startsWith('GET /api/3/wallet/balance') || line.startsWith('GET /api/3/spot/balance')).length;
    expect(getsAfter - getsBefore).toBeLessThanOrEqual(1);
  });

  it('refuses a transfer larger than the source side holds, before sending it', async () => {
    const posts = h.wire.filter((line) => line === 'POST /api/3/wallet/transfer').length;
    const result = await h.core.handlers.transferFunds({ currency: 'BTC', amount: '1000000', from: 'spot', to: 'wallet' });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'amount', message: expect.stringMatching(/Insufficient funds/) } });
    expect(h.wire.filter((line) => line === 'POST /api/3/wallet/transfer').length).toBe(posts);
  });

  it('reports "not live" when the streams drop and "live" again once they reconnect', async () => {
    const mark = h.events.length;
    await h.control('POST', '/sandbox/faults', { drop_websockets: true });
    await waitForEvent(h, 'walletLive', (e) => !e.live, 10_000, mark);
    const down = h.events.findIndex((e, i) => i >= mark && e.event === 'walletLive' && !e.payload.live);
    await waitForEvent(h, 'walletLive', (e) => e.live, 20_000, down);
    const overview = unwrap(await h.core.handlers.getWalletOverview({ valuationCurrency: 'USDT' }));
    expect(overview.live).toBe(true);
    for (const stream of ['wallet', 'trading']) {
      const seen = h.states.filter((e) => e.stream === stream).map((e) => e.state);
      expect(seen).toContain('down');
      expect(seen.at(-1)).toBe('live');
    }
    expect(new Set(h.states.map((e) => e.profileId))).toEqual(new Set(['profile-1']));
  });
});

describe('currencies, addresses and fees', () => {
  it('lists currencies with networks, patterns, minimums and fees as strings', async () => {
    const currencies = unwrap(await h.core.handlers.listWalletCurrencies());
    const usdt = currencies.find((c) => c.code === 'USDT')!;
    expect(usdt.precision).toBe(6);
    expect(usdt.networks.length).toBeGreaterThan(1);
    expect(usdt.networks.filter((n) => n.isDefault)).toHaveLength(1);
    const erc20 = usdt.networks.find((n) => n.network === 'ETH')!;
    expect(erc20).toMatchObject({ payoutFee: '5', minWithdrawal: '10', addressRegex: expect.any(String) });
    const xrp = currencies.find((c) => c.code === 'XRP')!;
    expect(xrp.networks[0]?.paymentIdRequired).toBe(true);
  });

  it('gives deposit addresses, a new one on request, and knows they are ours', async () => {
    const current = unwrap(await h.core.handlers.listDepositAddresses({ currency: 'BTC' }));
    expect(current.length).toBeGreaterThan(0);
    const fresh = unwrap(await h.core.handlers.createDepositAddress({ currency: 'BTC' }));
    expect(fresh.address).not.toBe(current[0]?.address);
    expect(unwrap(await h.core.handlers.checkOwnAddress({ address: fresh.address }))).toEqual({ mine: true });
    expect(unwrap(await h.core.handlers.checkOwnAddress({ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }))).toEqual({ mine: false });
  });

  it('estimates the fee and what arrives, with and without include_fee', async () => {
    const plain = unwrap(await h.core.handlers.estimateWithdrawalFee({ currency: 'BTC', amount: '0.1' }));
    expect(plain).toEqual({ fee: plain.fee, arrives: '0.1', debited: new Decimal('0.1').plus(plain.fee).toFixed() });
    const included = unwrap(await h.core.handlers.estimateWithdrawalFee({ currency: 'BTC', amount: '0.1', includeFee: true }));
    expect(included.arrives).toBe(new Decimal('0.1').minus(included.fee).toFixed());
    expect(included.debited).toBe('0.1');
  });
});
