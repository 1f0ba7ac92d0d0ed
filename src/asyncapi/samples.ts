/**
 * How a reader connects to an event API and sends (or waits for) an operation's message, in the
 * languages readers ask for: for WebSocket servers, code in the browser, Node, Python and Go; for
 * MQTT, Kafka and AMQP, the usual client library of each language. Pure.
 */
import type { ChannelParameter, EventApi, EventOperation, EventServer } from './types.ts';

export interface EventSample {
  id: string;
  label: string;
  /** Highlighter language. */
  lang: string;
  code: string;
}

/** Client libraries per message protocol, by language: what a reader installs. */
export const PROTOCOL_LIBRARIES: Readonly<Record<string, ReadonlyArray<{ language: string; library: string; url: string }>>> = {
  mqtt: [
    { language: 'JavaScript', library: 'MQTT.js', url: 'https://github.com/mqttjs/MQTT.js' },
    { language: 'Python', library: 'paho-mqtt', url: 'https://pypi.org/project/paho-mqtt/' },
    { language: 'Go', library: 'eclipse/paho.mqtt.golang', url: 'https://github.com/eclipse-paho/paho.mqtt.golang' },
    { language: 'Java', library: 'Eclipse Paho Java', url: 'https://github.com/eclipse-paho/paho.mqtt.java' },
  ],
  kafka: [
    { language: 'JavaScript', library: 'KafkaJS', url: 'https://kafka.js.org/' },
    { language: 'Python', library: 'confluent-kafka', url: 'https://pypi.org/project/confluent-kafka/' },
    { language: 'Go', library: 'segmentio/kafka-go', url: 'https://github.com/segmentio/kafka-go' },
    { language: 'Java', library: 'Apache Kafka clients', url: 'https://kafka.apache.org/documentation/#api' },
  ],
  amqp: [
    { language: 'JavaScript', library: 'amqplib', url: 'https://github.com/amqp-node/amqplib' },
    { language: 'Python', library: 'pika', url: 'https://pypi.org/project/pika/' },
    { language: 'Go', library: 'rabbitmq/amqp091-go', url: 'https://github.com/rabbitmq/amqp091-go' },
    { language: 'Java', library: 'RabbitMQ Java client', url: 'https://www.rabbitmq.com/client-libraries/java-api-guide' },
  ],
};

/** The protocol family of a server (`wss` is WebSocket, `secure-mqtt` is MQTT…). */
export function protocolFamily(protocol: string): 'ws' | 'mqtt' | 'kafka' | 'amqp' | 'other' {
  const name = protocol.toLowerCase();
  if (name === 'ws' || name === 'wss') return 'ws';
  if (name.includes('mqtt')) return 'mqtt';
  if (name.includes('kafka')) return 'kafka';
  if (name.includes('amqp')) return 'amqp';
  return 'other';
}

/** A channel parameter's value in a sample: its first example, enum value or default, else its name. */
export function parameterSample(parameters: readonly ChannelParameter[], name: string): string {
  const parameter = parameters.find((candidate) => candidate.name === name);
  return parameter?.examples?.[0] ?? parameter?.enum?.[0] ?? parameter?.default ?? name;
}

/** An address or URL template (`/v1/marketdata/{symbol}`) with each `{parameter}` filled, encoded as a path segment. */
export function fillTemplate(template: string, fill: (name: string) => string): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(fill(name)));
}

/** The URL a WebSocket client opens for a channel: the server's URL and the channel's address (parameters filled by `fill`, usually `parameterSample`). */
export function socketUrl(server: EventServer, address: string | undefined, fill: (name: string) => string): string {
  const path = fillTemplate(address ?? '', fill);
  const base = server.url.replace(/\/+$/, '');
  if (path === '' || path === '/') return base || server.url;
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * The API key a connection sends in its query, when the operation's or the server's security asks
 * for one (`httpApiKey` or `apiKey` with `in: query`): the only credential a browser's WebSocket
 * can carry besides a cookie. AsyncAPI descriptions usually put security on the server.
 */
export function queryKeyName(api: Pick<EventApi, 'securitySchemes'>, operation: Pick<EventOperation, 'security'>, server: Pick<EventServer, 'security'> | undefined): string | undefined {
  const ids = new Set([...operation.security, ...(server?.security ?? [])].flat());
  return api.securitySchemes.find((scheme) => ids.has(scheme.id) && /^(http)?apiKey$/i.test(scheme.type) && scheme.in === 'query' && scheme.name)?.name;
}

/** A sample's URL with the query key's placeholder (`?access_token=YOUR_ACCESS_TOKEN`). */
export function withQueryKey(url: string, name: string | undefined): string {
  if (!name) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${encodeURIComponent(name)}=YOUR_${name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`;
}

const json = (value: unknown): string => JSON.stringify(value);

/**
 * WebSocket samples: open the connection, send the operation's example message (a `send`
 * operation) or print what arrives (a `receive` one).
 */
export function webSocketSamples(url: string, operation: EventOperation, example: unknown): EventSample[] {
  const sends = operation.action === 'send';
  const message = json(example ?? {});
  return [
    {
      id: 'browser',
      label: 'JavaScript',
      lang: 'js',
      code: [`const socket = new WebSocket(${json(url)});`, ...(sends ? [`socket.addEventListener('open', () => socket.send(JSON.stringify(${message})));`] : []), `socket.addEventListener('message', (event) => console.log(JSON.parse(event.data)));`].join('\n'),
    },
    {
      id: 'node',
      label: 'Node.js',
      lang: 'js',
      code: [`import WebSocket from 'ws'; // npm install ws`, '', `const socket = new WebSocket(${json(url)});`, ...(sends ? [`socket.on('open', () => socket.send(JSON.stringify(${message})));`] : []), `socket.on('message', (data) => console.log(JSON.parse(data.toString())));`].join('\n'),
    },
    {
      id: 'python',
      label: 'Python',
      lang: 'python',
      code: ['import asyncio, json', 'import websockets  # pip install websockets', '', 'async def main():', `    async with websockets.connect(${json(url)}) as socket:`, ...(sends ? [`        await socket.send(json.dumps(${message}))`] : []), '        async for message in socket:', '            print(json.loads(message))', '', 'asyncio.run(main())'].join('\n'),
    },
    {
      id: 'go',
      label: 'Go',
      lang: 'go',
      code: [
        'package main',
        '',
        'import (',
        '\t"fmt"',
        '\t"log"',
        '',
        '\t"github.com/gorilla/websocket"',
        ')',
        '',
        'func main() {',
        `\tconn, _, err := websocket.DefaultDialer.Dial(${json(url)}, nil)`,
        '\tif err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '\tdefer conn.Close()',
        ...(sends ? [`\tif err := conn.WriteMessage(websocket.TextMessage, []byte(${json(message)})); err != nil {`, '\t\tlog.Fatal(err)', '\t}'] : []),
        '\tfor {',
        '\t\t_, message, err := conn.ReadMessage()',
        '\t\tif err != nil {',
        '\t\t\tlog.Fatal(err)',
        '\t\t}',
        '\t\tfmt.Println(string(message))',
        '\t}',
        '}',
      ].join('\n'),
    },
  ];
}
