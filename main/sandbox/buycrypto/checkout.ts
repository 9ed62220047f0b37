// The provider checkout page the sandbox serves at an order's checkout_url: plain HTML, no
// external assets. "Pay" moves the order to in_progress; "Abandon" expires it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context';
import type { RawRequest, SideHandler } from '../http/handler';
import { findProvider } from './providers';
import { abandonOrder, orderByToken, payOrder, type BuyOrderRow } from './orders';

const PATH = /^\/checkout\/([0-9a-f]{32})(?:\/(pay|abandon))?$/;

export function createCheckoutHandler(ctx: SandboxContext): SideHandler {
  return (_req: IncomingMessage, res: ServerResponse, raw: RawRequest) => {
    const match = PATH.exec(raw.path);
    if (!match) return Promise.resolve(false);
    const order = orderByToken(ctx, match[1] ?? '');
    const action = match[2];
    if (!order) {
      sendHtml(res, 404, page('Checkout not found', '<p>This checkout link is unknown.</p>'));
    } else if (action !== undefined && raw.method === 'POST') {
      if (action === 'pay') payOrder(ctx, order);
      else abandonOrder(ctx, order);
      res.writeHead(303, { Location: `/checkout/${order.checkout_token}` });
      res.end();
    } else {
      sendHtml(res, 200, render(orderByToken(ctx, order.checkout_token) ?? order));
    }
    return Promise.resolve(true);
  };
}

function render(order: BuyOrderRow): string {
  const provider = findProvider(order.provider_id)?.name ?? 'Provider';
  const details = `<dl>
<dt>Order</dt><dd id="order-id">${order.id}</dd>
<dt>You pay</dt><dd>${escape(order.source_amount)} ${escape(order.source_code)}</dd>
<dt>You receive</dt><dd>${escape(order.target_amount)} ${escape(order.target_code)} (${escape(order.target_network)})</dd>
<dt>To address</dt><dd><code>${escape(order.wallet_address)}</code></dd>
<dt>Status</dt><dd id="status">${escape(order.status)}</dd>
</dl>`;
  const actions = order.status === 'initial'
    ? `<form method="post" action="/checkout/${order.checkout_token}/pay"><button id="pay" type="submit">Pay ${escape(order.source_amount)} ${escape(order.source_code)}</button></form>
<form method="post" action="/checkout/${order.checkout_token}/abandon"><button id="abandon" type="submit">Abandon</button></form>`
    : '';
  return page(`${escape(provider)} checkout (sandbox)`, details + actions);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}dt{font-weight:600}dd{margin:0 0 .5rem}form{display:inline-block;margin-right:.5rem}button{padding:.5rem 1rem}</style>
</head><body><h1>${title}</h1>${body}</body></html>`;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'" });
  res.end(html);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
