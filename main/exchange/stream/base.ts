// Shared plumbing of the three streams: a ResilientSocket, its state, and waiting until live.
import type { ConnectionState, ConnectionStateEvent, ResilientSocket } from './socket';
import type { StreamHandle } from './streams';

export abstract class StreamBase implements StreamHandle {
  protected abstract readonly socket: ResilientSocket;

  get state(): ConnectionState {
    return this.socket.state;
  }

  get connections(): number {
    return this.socket.connections;
  }

  onState(listener: (event: ConnectionStateEvent) => void): () => void {
    return this.socket.onState(listener);
  }

  live(timeoutMs = 10_000): Promise<void> {
    if (this.socket.state === 'live') return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`stream not live within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.socket.onState((event) => {
        if (event.state !== 'live') return;
        clearTimeout(timer);
        off();
        resolve();
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}
