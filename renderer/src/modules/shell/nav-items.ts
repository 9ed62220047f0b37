// The sidebar's sections. Only sections that exist are listed; each later feature adds its entry
// here (Wallet, Approvals, Audit, ...) and the router and menu follow.
import type { Component } from 'vue';
import ApprovalsIcon from './icons/ApprovalsIcon.vue';
import AuditIcon from './icons/AuditIcon.vue';
import ProfilesIcon from './icons/ProfilesIcon.vue';
import WalletIcon from './icons/WalletIcon.vue';

export interface NavItem {
  /** Route name and menu key. */
  name: string;
  label: string;
  path: string;
  icon: Component;
  page: () => Promise<Component>;
}

export const NAV_ITEMS = [
  {
    name: 'profiles',
    label: 'Profiles',
    path: '/profiles',
    icon: ProfilesIcon,
    page: () => import('../profiles/ProfilesPage.vue'),
  },
  {
    name: 'wallet',
    label: 'Wallet',
    path: '/wallet',
    icon: WalletIcon,
    page: () => import('../wallet/WalletPage.vue'),
  },
  {
    name: 'approvals',
    label: 'Approvals',
    path: '/approvals',
    icon: ApprovalsIcon,
    page: () => import('../approvals/ApprovalsPage.vue'),
  },
  {
    name: 'audit',
    label: 'Audit log',
    path: '/audit',
    icon: AuditIcon,
    page: () => import('../audit/AuditPage.vue'),
  },
] as const satisfies readonly NavItem[];

export const HOME_PATH = NAV_ITEMS[0].path;
