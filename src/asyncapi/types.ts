/**
 * An event-driven API as the reference, the changelog and the sandbox read it: one shape for
 * AsyncAPI 2.6 and 3.x descriptions (src/asyncapi/normalize.ts), plain JSON (it travels to the
 * routes in a virtual module and to the browser sandbox in its modules). Actions are said from
 * the reader's side: `send` is what a client sends to the API, `receive` what it gets from it.
 */

/** A JSON Schema as the description writes it, its references resolved (a cycle becomes `{ $comment }`). */
export type JsonSchema = Record<string, unknown>;

export interface EventServer {
  id: string;
  /** `wss://ws.example.com/v1`: protocol, host and path. */
  url: string;
  protocol: string;
  protocolVersion?: string | undefined;
  description?: string | undefined;
  /** Security schemes a connection needs, by id (any one of the alternatives). */
  security: string[][];
  /** Protocol bindings as written (`ws`, `mqtt`, `kafka`…). */
  bindings?: Record<string, unknown> | undefined;
}

export interface EventSecurityScheme {
  id: string;
  type: string;
  description?: string | undefined;
  /** apiKey and httpApiKey: where the key goes, and its name. */
  in?: string | undefined;
  name?: string | undefined;
  /** http: `bearer`, `basic`. */
  scheme?: string | undefined;
}

export interface ChannelParameter {
  name: string;
  description?: string | undefined;
  enum?: string[] | undefined;
  default?: string | undefined;
  examples?: string[] | undefined;
}

export interface EventChannel {
  id: string;
  /** Where messages flow: a WebSocket path, an MQTT topic, a Kafka topic, with `{parameters}`; absent for a dynamic one. */
  address?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
  parameters: ChannelParameter[];
  bindings?: Record<string, unknown> | undefined;
}

export interface MessageExample {
  name?: string | undefined;
  summary?: string | undefined;
  payload?: unknown;
  headers?: Record<string, unknown> | undefined;
}

export interface EventMessage {
  /** Its key in the description (the channel's or components' name). */
  id: string;
  name?: string | undefined;
  title?: string | undefined;
  summary?: string | undefined;
  description?: string | undefined;
  contentType?: string | undefined;
  payload?: JsonSchema | undefined;
  headers?: JsonSchema | undefined;
  /** Where the correlation id is, as a runtime expression (`$message.payload#/reqid`). */
  correlationId?: { location: string; description?: string | undefined } | undefined;
  examples: MessageExample[];
}

export interface EventOperation {
  id: string;
  /** URL segment of its page under the API's reference. */
  slug: string;
  /** From the reader's side: `send` (the client sends it), `receive` (the API sends it). */
  action: 'send' | 'receive';
  title: string;
  summary?: string | undefined;
  description?: string | undefined;
  channel: string;
  messages: EventMessage[];
  /** A request/reply operation: what answers it, and where. */
  reply?: { channel?: string | undefined; address?: string | undefined; messages: EventMessage[] } | undefined;
  security: string[][];
  bindings?: Record<string, unknown> | undefined;
  tags: string[];
}

export interface EventApi {
  /** `2.6.0`, `3.1.0`. */
  asyncapi: string;
  title: string;
  version: string;
  description?: string | undefined;
  defaultContentType?: string | undefined;
  servers: EventServer[];
  channels: EventChannel[];
  operations: EventOperation[];
  securitySchemes: EventSecurityScheme[];
}
