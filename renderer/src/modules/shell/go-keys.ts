// The letter that follows `g` to go to each page (nav-items.ts gives it to its section). Letters
// the page keys use on their own (r, /, ?) and g itself are free to reuse here, since they come
// second; each letter goes to one page only.
export const GO_KEY_OF = {
  profiles: 'o',
  wallet: 'w',
  transfers: 't',
  orders: 'd',
  buy: 'b',
  subaccounts: 's',
  history: 'h',
  portfolio: 'p',
  approvals: 'a',
  audit: 'u',
  review: 'r',
  settings: ',',
} as const;
