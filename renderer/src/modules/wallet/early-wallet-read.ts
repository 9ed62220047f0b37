// The wallet's first read, sent the moment the app knows it opens on the wallet of an active
// profile (use-start-page.ts): the answer travels while the wallet page's code runs and mounts,
// and the page takes it instead of asking again (use-wallet.ts). What the streams say after the
// answer and before the page takes it is kept and handed over with it, so the page applies it on
// top, as it would have applied it itself; what they said before the answer is in the answer. A
// read not taken soon (the user went elsewhere) is dropped, and the page asks as it always did.
import type { CofferApi } from '../../../../preload/contract';
import type { Result } from '../../../../preload/contract/result';
import type { CurrencyInfo, WalletEvents, WalletOverview } from '../../../../preload/contract/wallet';

export interface WalletRead {
  overview: Result<WalletOverview>;
  /** Null when the currency list was not asked for (it was already known). */
  currencies: Result<CurrencyInfo[]> | null;
}

export type WalletStreamEvent =
  | { name: 'walletBalances'; payload: WalletEvents['walletBalances'] }
  | { name: 'walletLive'; payload: WalletEvents['walletLive'] };

export interface TakenWalletRead {
  read: Promise<WalletRead>;
  /** The stream's events since the answer came, in order (the page's own listeners take over from here). */
  since: WalletStreamEvent[];
}

/** An early read the page has not taken by then is dropped. */
export const EARLY_READ_KEPT_MS = 15_000;
/** More events than this before the page comes means it is not coming: the read is dropped. */
const MAX_KEPT_EVENTS = 500;

/** The overview, and the currency list unless it is known already: the page's read, early or not. */
export function readWallet(api: CofferApi, valuation: string, withCurrencies: boolean): Promise<WalletRead> {
  return Promise.all([
    api.getWalletOverview({ valuationCurrency: valuation }),
    withCurrencies ? api.listWalletCurrencies() : Promise.resolve(null),
  ]).then(([overview, currencies]) => ({ overview, currencies }));
}

interface EarlyRead {
  profileId: string;
  valuation: string;
  read: Promise<WalletRead>;
  answered: boolean;
  since: WalletStreamEvent[];
  stop(): void;
}

let early: EarlyRead | null = null;

/** Sends the wallet's first read now, for the page to take when it opens; one at a time. */
export function sendEarlyWalletRead(api: CofferApi, profileId: string, valuation: string): void {
  early?.stop();
  const read = readWallet(api, valuation, true);
  const pending: EarlyRead = { profileId, valuation, read, answered: false, since: [], stop: () => undefined };
  const keep = (event: WalletStreamEvent) => {
    if (!pending.answered) return;
    if (pending.since.length >= MAX_KEPT_EVENTS) pending.stop();
    else pending.since.push(event);
  };
  const stops = [
    api.on('walletBalances', (payload) => keep({ name: 'walletBalances', payload })),
    api.on('walletLive', (payload) => keep({ name: 'walletLive', payload })),
  ];
  const expiry = setTimeout(() => pending.stop(), EARLY_READ_KEPT_MS);
  pending.stop = () => {
    stops.forEach((stop) => stop());
    clearTimeout(expiry);
    if (early === pending) early = null;
  };
  early = pending;
  void read.then(() => (pending.answered = true), () => pending.stop());
}

/** The early read for this profile and valuation, once; null when there is none to take. */
export function takeEarlyWalletRead(profileId: string | null, valuation: string): TakenWalletRead | null {
  const pending = early;
  if (pending === null) return null;
  pending.stop();
  if (pending.profileId !== profileId || pending.valuation !== valuation) return null;
  return { read: pending.read, since: pending.since };
}
