// The sidebar's sections. Only sections that exist are listed; each later feature adds its entry
// here (Wallet, Approvals, Audit, ...) and the router and menu follow.
import type { Component } from 'vue';
import ApprovalsIcon from './icons/ApprovalsIcon.vue';
import AuditIcon from './icons/AuditIcon.vue';
import BuyCryptoIcon from './icons/BuyCryptoIcon.vue';
import HistoryIcon from './icons/HistoryIcon.vue';
import OrdersIcon from './icons/OrdersIcon.vue';
import PortfolioIcon from './icons/PortfolioIcon.vue';
import ProfilesIcon from './icons/ProfilesIcon.vue';
import ReviewIcon from './icons/ReviewIcon.vue';
import SettingsIcon from './icons/SettingsIcon.vue';
import SubAccountsIcon from './icons/SubAccountsIcon.vue';
import TransfersIcon from './icons/TransfersIcon.vue';
import WalletIcon from './icons/WalletIcon.vue';
import { GO_KEY_OF } from './go-keys';

export interface NavItem {
  /** Route name and menu key. */
  name: string;
  label: string;
  /** The letter that follows `g` to go to the page (see a11y/key-sequence.ts). */
  goKey: string;
  path: string;
  icon: Component;
  page: () => Promise<Component>;
  /** Whether the app may open on it again at the next launch (see start-page.ts). */
  restorable: boolean;
}

export const NAV_ITEMS = [
  {
    name: 'profiles',
    goKey: GO_KEY_OF.profiles,
    label: 'Profiles',
    path: '/profiles',
    icon: ProfilesIcon,
    page: () => import('../profiles/ProfilesPage.vue'),
    restorable: false, // the setup page: with a profile active the work is elsewhere
  },
  {
    name: 'wallet',
    goKey: GO_KEY_OF.wallet,
    label: 'Wallet',
    path: '/wallet',
    icon: WalletIcon,
    page: () => import('../wallet/WalletPage.vue'),
    restorable: true,
  },
  {
    name: 'transfers',
    goKey: GO_KEY_OF.transfers,
    label: 'Transfers',
    path: '/transfers',
    icon: TransfersIcon,
    page: () => import('../transfers/TransfersPage.vue'),
    restorable: true,
  },
  {
    name: 'orders',
    goKey: GO_KEY_OF.orders,
    label: 'Orders',
    path: '/orders',
    icon: OrdersIcon,
    page: () => import('../orders/OrdersPage.vue'),
    restorable: true,
  },
  {
    name: 'buy',
    goKey: GO_KEY_OF.buy,
    label: 'Buy crypto',
    path: '/buy',
    icon: BuyCryptoIcon,
    page: () => import('../buycrypto/BuyPage.vue'),
    restorable: true,
  },
  {
    name: 'subaccounts',
    goKey: GO_KEY_OF.subaccounts,
    label: 'Sub-accounts',
    path: '/sub-accounts',
    icon: SubAccountsIcon,
    page: () => import('../subaccounts/SubAccountsPage.vue'),
    restorable: true,
  },
  {
    name: 'history',
    goKey: GO_KEY_OF.history,
    label: 'History',
    path: '/history',
    icon: HistoryIcon,
    page: () => import('../history/HistoryPage.vue'),
    restorable: true,
  },
  {
    name: 'portfolio',
    goKey: GO_KEY_OF.portfolio,
    label: 'Portfolio',
    path: '/portfolio',
    icon: PortfolioIcon,
    page: () => import('../portfolio/PortfolioPage.vue'),
    restorable: true,
  },
  {
    name: 'approvals',
    goKey: GO_KEY_OF.approvals,
    label: 'Approvals',
    path: '/approvals',
    icon: ApprovalsIcon,
    page: () => import('../approvals/ApprovalsPage.vue'),
    restorable: true,
  },
  {
    name: 'audit',
    goKey: GO_KEY_OF.audit,
    label: 'Audit log',
    path: '/audit',
    icon: AuditIcon,
    page: () => import('../audit/AuditPage.vue'),
    restorable: true,
  },
  {
    name: 'review',
    goKey: GO_KEY_OF.review,
    label: 'Review',
    path: '/review',
    icon: ReviewIcon,
    page: () => import('../review/ReviewPage.vue'),
    restorable: false, // an export is opened for one sitting; it is not kept across launches
  },
  {
    name: 'settings',
    goKey: GO_KEY_OF.settings,
    label: 'Settings',
    path: '/settings',
    icon: SettingsIcon,
    page: () => import('../settings/SettingsPage.vue'),
    restorable: false,
  },
] as const satisfies readonly NavItem[];

/** Route names of the pages the app may open on again. */
/** Letter after `g` -> route name, for the shell's key listener. */
export const GO_KEYS: Readonly<Record<string, string>> = Object.fromEntries(NAV_ITEMS.map((item) => [item.goKey, item.name]));

export function navItemNamed(name: unknown): NavItem | undefined {
  return NAV_ITEMS.find((item) => item.name === name);
}

export const RESTORABLE_PAGES: readonly string[] = NAV_ITEMS.filter((item) => item.restorable).map((item) => item.name);
