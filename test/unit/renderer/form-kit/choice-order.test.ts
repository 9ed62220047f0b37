// What typing in a choice select narrows to and highlights first.
import { describe, expect, it } from 'vitest';
import { choiceMatches, orderChoices } from '../../../../renderer/src/modules/form-kit/choice-order';

const CURRENCIES = [
  { label: 'WBTC — Wrapped Bitcoin', value: 'WBTC' },
  { label: 'USDT — Tether', value: 'USDT' },
  { label: 'BTCB — Binance Bitcoin', value: 'BTCB' },
  { label: 'BTC — Bitcoin', value: 'BTC' },
  { label: 'ETH — Ethereum', value: 'ETH' },
];

describe('a choice select as the user types', () => {
  it('matches labels holding the text in any case, spaces around it ignored', () => {
    expect(choiceMatches('btc', 'BTC — Bitcoin')).toBe(true);
    expect(choiceMatches(' bitcoin ', 'WBTC — Wrapped Bitcoin')).toBe(true);
    expect(choiceMatches('btc', 'ETH — Ethereum')).toBe(false);
  });

  it('puts the exact code first, then codes that start with it, then the rest in their order', () => {
    expect(orderChoices(CURRENCIES, 'btc').map((c) => c.value)).toEqual(['BTC', 'BTCB', 'WBTC', 'USDT', 'ETH']);
    expect(orderChoices(CURRENCIES, 'US').map((c) => c.value)).toEqual(['USDT', 'WBTC', 'BTCB', 'BTC', 'ETH']);
  });

  it('keeps the given order while nothing is typed, and does not change the list it was given', () => {
    expect(orderChoices(CURRENCIES, '  ').map((c) => c.value)).toEqual(['WBTC', 'USDT', 'BTCB', 'BTC', 'ETH']);
    orderChoices(CURRENCIES, 'btc');
    expect(CURRENCIES[0]?.value).toBe('WBTC');
  });
});
