// The kinds of move the Transfers page offers, one tab each, in order. Another kind is one more
// entry here with its form.
import type { Component } from 'vue';
import SubAccountTransferForm from '../subaccounts/SubAccountTransferForm.vue';
import ConvertForm from './ConvertForm.vue';
import SendToUserForm from './SendToUserForm.vue';
import WalletSpotForm from './WalletSpotForm.vue';

export interface TransferTab {
  name: string;
  label: string;
  /** One line on what the tab does and what to know first. */
  lead: string;
  form: Component;
}

export const TRANSFER_TABS = [
  {
    name: 'wallet-spot',
    label: 'Wallet ↔ spot',
    lead: 'Trading uses spot; withdrawals and sends leave from the wallet. Moves between them are instant and free.',
    form: WalletSpotForm,
  },
  {
    name: 'send',
    label: 'To another user',
    lead: 'Sends from the wallet to another user of the service, by email, username or external id. It cannot be undone.',
    form: SendToUserForm,
  },
  {
    name: 'convert',
    label: 'Convert',
    lead: 'Converts inside the wallet at a live quote; the service keeps a small spread.',
    form: ConvertForm,
  },
  {
    name: 'sub-account',
    label: 'Sub-account',
    lead: 'Moves between the master account’s wallet and a sub-account’s wallet, either way. Frozen and disabled sub-accounts cannot take part.',
    form: SubAccountTransferForm,
  },
] as const satisfies readonly TransferTab[];
