// A WebSocket location of the sandbox: it takes over each upgraded connection to its path.
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';

export interface StreamEndpoint {
  handleConnection(ws: WebSocket, req: IncomingMessage): void;
  close?(): void;
}
