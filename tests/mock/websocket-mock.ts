/**
 * A local mock of the speech websocket that enforces the AsyncAPI document: every client message
 * is validated against its payload schema; valid ones are answered as the document describes
 * (audio chunks in `sequence` order, timestamps when asked, `done` with the billed characters),
 * invalid ones with an `error` message. Used to run the guides' websocket clients.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv07 from 'ajv';
import addFormats from 'ajv-formats';
import { WebSocketServer, type WebSocket } from 'ws';

import { billedCharacters } from '../../src/data/pricing';
import { asyncApiDocument } from '../support/specs';

type Json = Record<string, unknown>;

export interface MockLog {
  /** Every client message, parsed. */
  readonly received: Json[];
  /** Messages that failed the AsyncAPI schemas, with the reason. */
  readonly rejected: string[];
  /** Handshakes refused for a missing or malformed Authorization header. */
  unauthorized: number;
}

export interface WebsocketMock {
  readonly url: string;
  readonly log: MockLog;
  close(): Promise<void>;
}

const clientMessages = ['generate', 'flush', 'cancel'] as const;

export async function startWebsocketMock(): Promise<WebsocketMock> {
  const doc = asyncApiDocument();
  const messages = (doc.components as Json).messages as Record<string, Json>;
  const ajv = new Ajv07({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = Object.fromEntries(
    clientMessages.map((name) => [name, ajv.compile(messages[name].payload as Json)]),
  );
  const example = (name: string) => ((messages[name].examples as Json[])[0].payload as Json) ?? {};
  const audioData = String(example('audio').data);

  const log: MockLog = { received: [], rejected: [], unauthorized: 0 };
  const server: Server = createServer((_req, res) => res.writeHead(426).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://mock').pathname;
    if (path !== '/v1/speech/websocket') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    if (!/^Bearer .+$/.test(req.headers.authorization ?? '')) {
      log.unauthorized += 1;
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws));
  });

  function serve(ws: WebSocket): void {
    const contexts = new Map<string, { text: string; sequence: number; timestamps: boolean }>();
    const send = (message: Json) => ws.send(JSON.stringify(message));
    const error = (contextId: unknown, message: string) =>
      send({
        type: 'error',
        context_id: typeof contextId === 'string' ? contextId : null,
        error: { code: 'invalid_request', message, param: null, request_id: 'req_mock' },
      });
    const speak = (id: string) => {
      const context = contexts.get(id)!;
      send({ type: 'audio', context_id: id, sequence: context.sequence++, data: audioData });
      if (context.timestamps) {
        send({
          type: 'timestamps',
          context_id: id,
          words: [{ text: '你好', start_ms: 0, end_ms: 420 }],
        });
      }
    };
    const finish = (id: string) => {
      const context = contexts.get(id)!;
      send({ type: 'done', context_id: id, billed_characters: billedCharacters(context.text) });
      contexts.delete(id);
    };

    ws.on('message', (raw, isBinary) => {
      if (isBinary) {
        log.rejected.push('binary frame');
        ws.close(1008, 'policy_violation');
        return;
      }
      let message: Json;
      try {
        message = JSON.parse(raw.toString()) as Json;
      } catch {
        log.rejected.push(`not JSON: ${raw.toString().slice(0, 80)}`);
        ws.close(1008, 'policy_violation');
        return;
      }
      log.received.push(message);
      const type = String(message.type);
      const validate = validators[type as (typeof clientMessages)[number]];
      if (!validate) {
        log.rejected.push(`unknown type ${type}`);
        error(message.context_id, `未知的消息类型 ${type}`);
        return;
      }
      const valid: boolean = validate(message as unknown);
      if (!valid) {
        const reason = ajv.errorsText(validate.errors);
        log.rejected.push(`${type}: ${reason}`);
        error(message.context_id, reason);
        return;
      }
      const id = String(message.context_id);
      if (type === 'generate') {
        const context = contexts.get(id);
        if (!context && !message.voice_id) {
          log.rejected.push(`generate ${id}: a new context needs voice_id`);
          error(id, '新上下文的第一条 generate 必须带 voice_id');
          return;
        }
        const current = context ?? {
          text: '',
          sequence: 0,
          timestamps: message.timestamps === true,
        };
        current.text += String(message.text);
        contexts.set(id, current);
        speak(id);
        if (message.continue !== true) finish(id);
      } else if (contexts.has(id)) {
        if (type === 'flush') speak(id);
        else finish(id);
      } else {
        log.rejected.push(`${type} for unknown context ${id}`);
        error(id, `上下文 ${id} 不存在或已结束`);
      }
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}
