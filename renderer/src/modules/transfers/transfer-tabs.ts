// The kinds of move the Transfers page offers, one tab each, in order. Another kind is one more
// entry here with its form.
import type { Component } from 'vue';
import type { KeyRight } from '../../../../preload/contract';
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
  /** The key right the service asks of this move (api-v3.md), and the move as a note names it. */
  right: KeyRight;
  action: string;
}

export const TRANSFER_TABS = [
  {
    name: 'wallet-spot',
    label: 'Wallet ↔ spot',
    lead: 'Trading uses spot; withdrawals and sends leave from the wallet. Moves between them are instant and free.',
    form: WalletSpotForm,
    right: 'PAY',
    action: 'Moving between wallet and spot',
  },
  {
    name: 'send',
    label: 'To another user',
    lead: 'Sends from the wallet to another user of the service, by email, username or external id. It cannot be undone.',
    form: SendToUserForm,
    right: 'WDR',
    action: 'Sending to another user',
  },
  {
    name: 'convert',
    label: 'Convert',
    lead: 'Converts inside the wallet at a live quote; the service keeps a small spread.',
    form: ConvertForm,
    right: 'PAY',
    action: 'Converting',
  },
  {
    name: 'sub-account',
    label: 'Sub-account',
    lead: 'Moves between the master account’s wallet and a sub-account’s wallet, either way. Frozen and disabled sub-accounts cannot take part.',
    form: SubAccountTransferForm,
    right: 'WDR',
    action: 'Moving money with a sub-account',
  },
] as const satisfies readonly TransferTab[];
