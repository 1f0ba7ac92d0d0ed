/**
 * The event sandbox's shapes: the runtime description of an event API (what the engine reads of
 * an AsyncAPI description, computed once by src/sandbox/build/event-runtime.ts, plain JSON so the
 * browser gets it precomputed), the frames it answers with, and its bounds. Actions are the
 * reader's, as in src/asyncapi/types.ts: `send` is what a client sends, `receive` what the API sends.
 */

/** One message as the engine reads it. */
export interface EventRuntimeMessage {
  id: string;
  /** Validator key of the payload's schema (a JSON Pointer); absent: any payload is this message. */
  schema?: string | undefined;
  /** Written as JSON (the default content type) or, for a string payload of another type, as the text itself. */
  json: boolean;
  /** Where the correlation id is: `$message.payload#/reqid` or `$message.header#/…`. */
  correlationId?: string | undefined;
  /** Payloads ready to send: the documented examples, else one generated from the schema (at most a few). */
  examples: unknown[];
  /** Top-level properties the schema allows one value for (`event: "subscribe"`): a frame carrying them all is meant for this message. */
  tags?: Record<string, unknown> | undefined;
}

export interface EventRuntimeOperation {
  id: string;
  /** The reader's side: `send` (a client sends it), `receive` (the API sends it). */
  action: 'send' | 'receive';
  /** Its channel's address (`/v1/marketdata/{symbol}`); absent: a dynamic channel, at any address. */
  address?: string | undefined;
  /** The address's parameters; those with an `enum` take only its values. */
  parameters: Array<{ name: string; enum?: string[] | undefined }>;
  messages: EventRuntimeMessage[];
  /** A request/reply operation's reply messages; the first one answers. */
  reply?: EventRuntimeMessage[] | undefined;
}

export interface EventRuntimeApi {
  title: string;
  /** The description's WebSocket servers (`ws`, `wss`); every channel is served on each. */
  servers: Array<{ id: string; url: string }>;
  operations: EventRuntimeOperation[];
}

/**
 * The stable codes of an error frame: `too_large` (the frame is over `frameBytes`),
 * `rate_limited` (over the connection's rate), `not_json` (not JSON, and no operation here takes
 * plain text; or binary that is not UTF-8), `invalid_message` (meant for one operation, by the
 * values its message fixes, such as `"event": "subscribe"`, but not valid against its schema),
 * `no_matching_operation` (no operation at this address takes it).
 */
type EventErrorCode = 'too_large' | 'rate_limited' | 'not_json' | 'invalid_message' | 'no_matching_operation';

/** What an operation made of a frame it did not take: its message and at most a few of the schema's complaints. */
export interface OperationMismatch {
  operation: string;
  message: string;
  problems: Array<{ pointer: string; detail: string }>;
}

/**
 * The body of an error frame, sent as JSON `{ "error": { … } }`. `operations` lists what was
 * tried (for `invalid_message` and `no_matching_operation`); `retryAfterMs` says when a
 * rate-limited connection may send again.
 */
export interface EventError {
  code: EventErrorCode;
  message: string;
  operations?: OperationMismatch[] | undefined;
  retryAfterMs?: number | undefined;
}

/** A frame the sandbox sends: its text, and what it is (for a console's message log). */
export type Frame =
  | { kind: 'reply'; data: string; operation: string; message: string }
  | { kind: 'message'; data: string; operation: string; message: string }
  | { kind: 'error'; data: string; error: EventError };

export interface EventSandboxLimits {
  /** The largest frame taken, in bytes (UTF-8); larger ones get `too_large`. */
  frameBytes: number;
  /** Frames per second a connection may send on average… */
  framesPerSecond: number;
  /** …and in one burst; past it, `rate_limited`. */
  burstFrames: number;
}

export const DEFAULT_EVENT_LIMITS: EventSandboxLimits = { frameBytes: 64 * 1024, framesPerSecond: 10, burstFrames: 20 };
