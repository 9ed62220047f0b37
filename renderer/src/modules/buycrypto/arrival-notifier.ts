// Telling the person their coins arrived: always in the app, and on the desktop when the
// Notification API is there and allowed. Permission is asked once, from the click that creates
// the first order (browsers honour requests made in a gesture) — never when a page loads.
import { buyOrderKey, type BuyOrderView } from '../../../../preload/contract';
import type { NotificationApi } from '../approvals/deadline-notifier';
import type { Precisions } from '../money/money-format';
import { arrivalNotice } from './buy-order-rows';

export interface ArrivalNotifier {
  /** From the order's confirm click: asks for permission the first time, when not decided yet. */
  askOnce(): void;
  /** Announces the order once; 'desktop' when a desktop notification was shown too. */
  arrived(order: BuyOrderView, precision: Precisions): 'desktop' | 'in-app' | 'already';
}

export function createArrivalNotifier(api: NotificationApi | null, inApp: (title: string, body: string) => void): ArrivalNotifier {
  const announced = new Set<string>();
  let asked = false;

  function askOnce(): void {
    if (asked || !api || api.permission !== 'default') return;
    asked = true;
    void api.requestPermission().catch(() => 'denied');
  }

  function arrived(order: BuyOrderView, precision: Precisions): 'desktop' | 'in-app' | 'already' {
    const key = buyOrderKey(order);
    if (announced.has(key)) return 'already';
    announced.add(key);
    const { title, body } = arrivalNotice(order, precision);
    inApp(title, body);
    if (!api || api.permission !== 'granted') return 'in-app';
    api.show(title, body, `coffer-buy-${key}`);
    return 'desktop';
  }

  return { askOnce, arrived };
}
