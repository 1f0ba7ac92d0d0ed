/**
 * How a console's messages travel, and what comes back. The console builds a message (an HTTP
 * request from the form and the credentials), hands it to a transport, and shows what the
 * transport returns; it never calls `fetch` itself. One transport per destination: the page's
 * sandbox (answered in the service worker) or the real API (past it, with the reader's own
 * credential), so "Send to" only picks a transport.
 *
 * HTTP (transport-http.ts) is `Transport<BuiltRequest, HttpReply>`: one request, one response,
 * shown by response.ts, with what the call changed in the sandbox (changes.ts) beside it.
 *
 * The seam for the WebSocket mode (issue 38; AsyncAPI operations over `ws://`, answered by the
 * sandbox through MSW's WebSocket interception). Its transport implements this same interface
 * with the two optional members below:
 *
 * - `connect(url, listener)` opens the connection to the channel's address (credentials go in
 *   the query or a subprotocol: a browser's WebSocket sends no other headers), resolving once it
 *   is open; from then on every frame that arrives, a reply or one the server sends on its own
 *   (a heartbeat, a status), goes to `listener.frame`, and the end to `listener.closed`;
 * - `send(frame)` writes one frame (the example message the form built) and resolves once it is
 *   written (`Reply` is `void`): replies come through the listener, matched by correlation id;
 * - `close()` ends the connection (the console calls it when the reader disconnects or leaves).
 *
 * Its console is this one with a message log (a `log.ts` beside response.ts: each frame with its
 * direction and time, validated against its message schema with schema-check.ts) in place of
 * the response view, and Connect/Disconnect beside Send; the request form, the credentials, the
 * samples and the sandbox panel stay as they are.
 */
import type { BuiltRequest } from './request.ts';

/** Where a transport sends: the page's sandbox in the service worker, or the real API past it. */
export type Destination = 'sandbox' | 'real';

export interface Transport<Outgoing, Reply> {
  readonly destination: Destination;
  /**
   * Sends one message and resolves with what answers it (HTTP: the response); rejects with an
   * Error, whose message the console shows, when nothing could be sent or nothing came back.
   */
  send(message: Outgoing): Promise<Reply>;
  /** Connection-based transports (WebSocket) only: opens the connection; frames then arrive at `listener` until `close()`. */
  connect?(url: string, listener: FrameListener): Promise<void>;
  close?(): void;
}

/** Where a connection-based transport delivers what arrives. */
export interface FrameListener {
  /** One incoming frame: its data as text, and when it arrived (`performance.now()`). */
  frame(data: string, receivedAt: number): void;
  /** The connection ended: by `close()`, by the server (`code`, `reason`), or because it failed. */
  closed(code: number, reason: string): void;
}

/** An HTTP response as the response view shows it. */
export interface HttpReply {
  status: number;
  ok: boolean;
  /** Lowercase names, in the order the browser gives them. */
  headers: Array<[string, string]>;
  text: string;
  /** From sending to the last byte of the body, in ms. */
  duration: number;
}

export type HttpTransport = Transport<BuiltRequest, HttpReply>;
