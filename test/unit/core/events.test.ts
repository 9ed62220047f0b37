// The event bus both transports subscribe to: every subscriber hears every event, a failing one
// does not silence the others, and unsubscribing stops delivery.
import { expect, it, vi } from 'vitest';
import { createEventBus } from '../../../main/core/events';

it('delivers to every subscriber, survives a failing one, and stops after unsubscribe', () => {
  const bus = createEventBus();
  const heard: string[] = [];
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  bus.subscribe(() => {
    throw new Error('broken transport');
  });
  const unsubscribe = bus.subscribe((event, payload) => heard.push(`${event}:${JSON.stringify(payload)}`));
  bus.emit('profilesChanged', { activeProfileId: 'a' });
  unsubscribe();
  bus.emit('profilesChanged', { activeProfileId: 'b' });
  expect(heard).toEqual(['profilesChanged:{"activeProfileId":"a"}']);
  expect(error).toHaveBeenCalledTimes(2);
  error.mockRestore();
});
