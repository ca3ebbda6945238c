/**
 * A local mock of the speech websocket that enforces the AsyncAPI document. Every client message
 * is validated against its payload schema. Valid ones are answered as the document describes,
 * per `context_id`: text with `continue: true` is buffered up to a natural pause, `flush`
 * synthesises the buffer at once, the last `generate` synthesises the rest and ends with `done`
 * (billed characters), `cancel` drops the audio not yet sent and ends with `done`. Audio chunks
 * (the document's example data, `sequence` from 0) and, when asked, word timestamps are streamed
 * a few milliseconds apart, so a `cancel` can really interrupt a context. Bad messages get the
 * documented `error` (which ends their context); frames that are not JSON, and binary frames,
 * close the connection with 1008. A handshake without a Bearer key (or with `revokedKey`) is
 * refused with HTTP 401 and the `unauthorized` error envelope, as the AsyncAPI document says.
 * Pronunciation control is checked as the API checks it (src/data/pronunciation.ts): markup in
 * every `generate`, the dictionary of a context's first `generate`. Used to run the guides'
 * websocket clients and the harness of tests/samples/.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv07 from 'ajv';
import addFormats from 'ajv-formats';
import { WebSocketServer, type WebSocket } from 'ws';

import { errorByCode } from '../../src/data/errors';
import { billedCharacters } from '../../src/data/pricing';
import { pronunciationError, spokenText } from '../../src/data/pronunciation';
import { presetVoices } from '../../src/data/voices';
import { asyncApiDocument } from '../support/specs';

type Json = Record<string, unknown>;

export interface MockLog {
  /** Every client message, parsed. */
  readonly received: Json[];
  /** Every message the mock sent, in order. */
  readonly sent: Json[];
  /** Messages that failed the AsyncAPI schemas or the protocol, with the reason. */
  readonly rejected: string[];
  /** Handshakes refused (HTTP 401) for a missing, malformed or revoked API key. */
  unauthorized: number;
}

export interface WebsocketMock {
  readonly url: string;
  readonly log: MockLog;
  close(): Promise<void>;
}

export interface WebsocketMockOptions {
  /** Delay between two streamed messages of a context (ms). */
  readonly stepMs?: number;
}

const clientMessages = ['generate', 'flush', 'cancel'] as const;
/** An API key the mock treats as revoked: its handshake is refused like a missing one. */
export const revokedKey = 'sk-revoked';
/** The envelope of a refused handshake: the catalogue's `unauthorized` example. */
const unauthorized = (() => {
  const e = errorByCode('unauthorized')!;
  return { code: e.code, message: e.example.message, param: e.example.param };
})();
/** Where a buffered text may be synthesised before the rest arrives. */
const naturalPause = /[，。！？；：、,.!?;:\n]/g;
/**
 * The text with its pronunciation markup blanked out, same length: where a text may be cut
 * (a `:` inside `[pause:300ms]` is not a pause of the text).
 */
const masked = (text: string) =>
  text.replace(/\[\[|\[[^[\]]*\]/g, (m) => (m === '[[' ? '[ ' : ' '.repeat(m.length)));
/** Simulated speaking time per billed character, for the timestamps. */
const msPerCharacter = 180;

interface Context {
  /** Every text the context received; billed in full when it ends normally. */
  text: string;
  /** Text received but not synthesised yet. */
  buffer: string;
  /** Text already synthesised; what a cancel still bills. */
  synthesised: string;
  sequence: number;
  elapsedMs: number;
  timestamps: boolean;
  /** The first generate's `language`: whether pinyin applies to the later texts. */
  language: unknown;
  /** The last generate arrived: `done` follows the last queued message. */
  final: boolean;
  queue: Json[];
  timer?: NodeJS.Timeout;
}

export async function startWebsocketMock(
  options: WebsocketMockOptions = {},
): Promise<WebsocketMock> {
  const stepMs = options.stepMs ?? 5;
  const doc = asyncApiDocument();
  const messages = (doc.components as Json).messages as Record<string, Json>;
  const ajv = new Ajv07({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = Object.fromEntries(
    clientMessages.map((name) => [name, ajv.compile(messages[name].payload as Json)]),
  );
  const example = (name: string) => ((messages[name].examples as Json[])[0].payload as Json) ?? {};
  const audioData = String(example('audio').data);
  const knownVoices = new Set(presetVoices.map((v) => v.voiceId));
  // Voices cloned through the HTTP API; the spec's examples use this prefix.
  const isKnownVoice = (id: string) => knownVoices.has(id) || id.startsWith('voice_custom_');

  const log: MockLog = { received: [], sent: [], rejected: [], unauthorized: 0 };
  let requests = 0;
  const server: Server = createServer((_req, res) => res.writeHead(426).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://mock').pathname;
    if (path !== '/v1/speech/websocket') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    if (
      !/^Bearer .+$/.test(req.headers.authorization ?? '') ||
      req.headers.authorization === `Bearer ${revokedKey}`
    ) {
      // The handshake is refused with the API's error envelope; no websocket is opened.
      log.unauthorized += 1;
      requests += 1;
      // A client that stops reading after the status line resets the socket: not an error here.
      socket.on('error', () => undefined);
      const body = JSON.stringify({
        error: { ...unauthorized, request_id: `req_mock_${requests}` },
      });
      socket.end(
        [
          'HTTP/1.1 401 Unauthorized',
          'Content-Type: application/json; charset=utf-8',
          `Content-Length: ${Buffer.byteLength(body)}`,
          `X-Request-Id: req_mock_${requests}`,
          'Connection: close',
          '',
          body,
        ].join('\r\n'),
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws));
  });

  function serve(ws: WebSocket): void {
    const contexts = new Map<string, Context>();
    const send = (message: Json) => {
      log.sent.push(message);
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const end = (id: string) => {
      clearTimeout(contexts.get(id)?.timer);
      contexts.delete(id);
    };
    /** The documented error; the context it names ends with it. */
    const error = (contextId: unknown, code: string, message: string, param: string | null) => {
      const id = typeof contextId === 'string' && contexts.has(contextId) ? contextId : null;
      if (id) end(id);
      requests += 1;
      send({
        type: 'error',
        context_id: typeof contextId === 'string' ? contextId : null,
        error: { code, message, param, request_id: `req_mock_${requests}` },
      });
    };
    const reject = (
      contextId: unknown,
      reason: string,
      param: string | null,
      code = 'invalid_request',
    ) => {
      log.rejected.push(reason);
      error(contextId, code, reason, param);
    };

    /** Queues one audio chunk (and its timestamps) per clause of the text. */
    const synthesise = (id: string, context: Context, text: string) => {
      const clauses = [
        ...masked(text).matchAll(
          /[^，。！？；：、,.!?;:\n]+[，。！？；：、,.!?;:\n]*|[，。！？；：、,.!?;:\n]+/g,
        ),
      ].map((m) => text.slice(m.index, m.index + m[0].length));
      for (const clause of clauses) {
        context.queue.push({
          type: 'audio',
          context_id: id,
          sequence: context.sequence++,
          data: audioData,
        });
        const duration = billedCharacters(clause) * msPerCharacter;
        if (context.timestamps && duration > 0) {
          context.queue.push({
            type: 'timestamps',
            context_id: id,
            words: [
              {
                text: spokenText(clause).replace(naturalPause, ''),
                start_ms: context.elapsedMs,
                end_ms: context.elapsedMs + duration,
              },
            ],
          });
        }
        context.elapsedMs += duration;
      }
      context.synthesised += text;
      pump(id, context);
    };

    /** Sends the queued messages one step apart, then `done` once the last text is spoken. */
    const pump = (id: string, context: Context) => {
      if (context.timer) return;
      const next = () => {
        context.timer = undefined;
        if (contexts.get(id) !== context) return;
        const message = context.queue.shift();
        if (message) {
          send(message);
          context.timer = setTimeout(next, stepMs);
        } else if (context.final) {
          end(id);
          send({ type: 'done', context_id: id, billed_characters: billedCharacters(context.text) });
        }
      };
      context.timer = setTimeout(next, stepMs);
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
        reject(message.context_id, `未知的消息类型 ${type}`, 'type');
        return;
      }
      if (type === 'generate') {
        // Before the schema, so that a dictionary entry is named as the API names it.
        const open = contexts.get(String(message.context_id));
        const problem = pronunciationError(
          message,
          open && !open.final ? { dictionary: false, language: open.language } : {},
        );
        if (problem) {
          reject(message.context_id, problem.message, problem.param);
          return;
        }
      }
      if (!validate(message as unknown)) {
        const first = validate.errors?.[0];
        // `/pronunciation_dictionary/2/pinyin` → `pronunciation_dictionary[2].pinyin`
        const path = (first?.instancePath ?? '')
          .split('/')
          .filter(Boolean)
          .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i > 0 ? `.${part}` : part))
          .join('');
        const param =
          (first?.params as { missingProperty?: string; additionalProperty?: string } | undefined)
            ?.missingProperty ??
          (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty ??
          (path || null);
        reject(message.context_id, `${type}: ${ajv.errorsText(validate.errors)}`, param);
        return;
      }
      const id = String(message.context_id);
      const context = contexts.get(id);
      if (type === 'generate') {
        if (context?.final) {
          reject(id, `上下文 ${id} 已收到最后一段文本`, 'context_id');
          return;
        }
        if (!context && message.text === '') {
          reject(id, '上下文的第一条 generate 的 text 不能为空', 'text');
          return;
        }
        if (!context && typeof message.voice_id !== 'string') {
          reject(id, '新上下文的第一条 generate 必须带 voice_id', 'voice_id');
          return;
        }
        if (!context && !isKnownVoice(String(message.voice_id))) {
          reject(
            id,
            `音色 ${String(message.voice_id)} 不存在或已被删除。`,
            'voice_id',
            'voice_not_found',
          );
          return;
        }
        const current: Context = context ?? {
          text: '',
          buffer: '',
          synthesised: '',
          sequence: 0,
          elapsedMs: 0,
          timestamps: message.timestamps === true,
          language: message.language,
          final: false,
          queue: [],
        };
        contexts.set(id, current);
        current.text += String(message.text);
        current.buffer += String(message.text);
        if (message.continue === true) {
          // Wait for a natural pause before synthesising, as the service does for a smooth tone.
          const pauses = [...masked(current.buffer).matchAll(naturalPause)];
          const cut = pauses.length > 0 ? pauses[pauses.length - 1].index! + 1 : 0;
          const ready = current.buffer.slice(0, cut);
          current.buffer = current.buffer.slice(cut);
          if (ready) synthesise(id, current, ready);
        } else {
          current.final = true;
          const rest = current.buffer;
          current.buffer = '';
          if (rest) synthesise(id, current, rest);
          else pump(id, current);
        }
      } else if (!context) {
        reject(id, `上下文 ${id} 不存在或已结束`, 'context_id');
      } else if (type === 'flush') {
        const rest = context.buffer;
        context.buffer = '';
        if (rest) synthesise(id, context, rest);
      } else {
        // cancel: the audio not sent yet is dropped; what was synthesised is still billed.
        end(id);
        send({
          type: 'done',
          context_id: id,
          billed_characters: billedCharacters(context.synthesised),
        });
      }
    });
    ws.on('close', () => {
      for (const id of [...contexts.keys()]) end(id);
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
