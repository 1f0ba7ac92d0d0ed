/**
 * Stands in for `@mswjs/interceptors/WebSocket` in the browser bundle. `setupWorker` always
 * adds a WebSocket interceptor (about 7 KB gzip) to its batch; the sandbox has no WebSocket
 * handlers and lets unhandled frames through, so an interceptor that never patches
 * `WebSocket` and never emits leaves every socket as it was. The batch calls only these methods.
 */
export class WebSocketInterceptor {
  static readonly symbol = Symbol.for('caravan-docs:no-websocket-interceptor');
  readyState = 'INACTIVE';

  predicate(): boolean {
    return false;
  }

  apply(): void {}

  dispose(): void {}

  on(): this {
    return this;
  }

  removeListener(): this {
    return this;
  }
}

/** Named by MSW's WebSocket handler code, which the bundle keeps but the sandbox never runs: no connection is ever one of these. */
export class WebSocketClientConnection {}
export class WebSocketServerConnection {}
