// The "add an address" form's rules, pure: a label, a currency, its network, the address and a
// payment id where the network takes one — each error on its field before anything is sent.
import type { AddressProposal } from './use-team';

export const ADDRESS_FIELDS = ['label', 'currency', 'network', 'address', 'paymentId'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressErrors = Partial<Record<AddressField, string>>;

export interface AddressDraft {
  label: string;
  currency: string | null;
  network: string | null;
  address: string;
  paymentId: string;
}

export function emptyAddressDraft(): AddressDraft {
  return { label: '', currency: null, network: null, address: '', paymentId: '' };
}

export function validateAddressDraft(draft: AddressDraft): AddressErrors {
  const errors: AddressErrors = {};
  if (draft.label.trim() === '') errors.label = 'Give the address a label the other desks recognise.';
  else if (draft.label.trim().length > 80) errors.label = 'At most 80 characters.';
  if (!draft.currency) errors.currency = 'Choose a currency.';
  if (!draft.network || draft.network.trim() === '') errors.network = 'Choose a network.';
  if (draft.address.trim() === '') errors.address = 'Enter the address.';
  else if (draft.address.trim() !== draft.address) errors.address = 'Remove the spaces around the address.';
  else if (draft.address.length > 256) errors.address = 'At most 256 characters.';
  if (draft.paymentId.length > 256) errors.paymentId = 'At most 256 characters.';
  return errors;
}

export function toAddressProposal(draft: AddressDraft): AddressProposal {
  const proposal: AddressProposal = { label: draft.label.trim(), currency: draft.currency ?? '', network: (draft.network ?? '').trim(), address: draft.address };
  if (draft.paymentId.trim() !== '') proposal.paymentId = draft.paymentId.trim();
  return proposal;
}
