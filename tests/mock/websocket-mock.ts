/**
 * A local mock of the speech websocket: a thin `ws` adapter over the protocol model of
 * src/protocol/session.ts, which enforces the AsyncAPI document (schemas, per-context buffering,
 * flush, cancel, `done` with billed characters, errors, 1008 on frames that are not JSON, the
 * idle timeout). The model keeps no timers: this adapter hands it each frame with the time it
 * arrived and sends what it says is due, on real timers. A handshake without a Bearer key (or with
 * `revokedKey`) is refused with HTTP 401 and the `unauthorized` error envelope, and a request to
 * the websocket's path that is no upgrade with HTTP 400 and `invalid_request`, as the AsyncAPI
 * document's `x-handshake-refusals` say; every handshake response, the 101 too, carries an
 * `X-Request-Id` (`x-handshake-response-headers`). Used to run the guides' websocket clients, the harness of tests/samples/, and
 * the simulator's tests (the simulator runs the same model in the browser).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

import {
  Session,
  notUpgradeError,
  unauthorizedError,
  type SessionEvent,
} from '../../src/protocol/session';

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
  /** Requests to the websocket's path that were no upgrade (HTTP 400 `invalid_request`). */
  notUpgrade: number;
  /** Close codes the mock closed connections with, in order. */
  readonly closes: number[];
}

export interface WebsocketMock {
  readonly url: string;
  readonly log: MockLog;
  close(): Promise<void>;
}

export interface WebsocketMockOptions {
  /** Delay between two streamed messages of a context (ms). */
  readonly stepMs?: number;
  /** Idle timeout (ms); the API's limit by default. */
  readonly idleTimeoutMs?: number;
}

/** An API key the mock treats as revoked: its handshake is refused like a missing one. */
export const revokedKey = 'sk-revoked';

export async function startWebsocketMock(
  options: WebsocketMockOptions = {},
): Promise<WebsocketMock> {
  const stepMs = options.stepMs ?? 5;
  const log: MockLog = {
    received: [],
    sent: [],
    rejected: [],
    unauthorized: 0,
    notUpgrade: 0,
    closes: [],
  };
  let requests = 0;
  /** The error envelope of a refused handshake (`x-handshake-refusals`), with a request id. */
  const envelope = (error: { code: string; message: string; param: string | null }) => {
    requests += 1;
    const requestId = `req_mock_${requests}`;
    return { requestId, body: JSON.stringify({ error: { ...error, request_id: requestId } }) };
  };
  // A request that is not a websocket upgrade: HTTP 400 `invalid_request`, as the document says.
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://mock').pathname;
    if (path !== '/v1/speech/websocket') {
      res.writeHead(404).end();
      return;
    }
    log.notUpgrade += 1;
    const { requestId, body } = envelope(notUpgradeError);
    res
      .writeHead(400, {
        'Content-Type': 'application/json; charset=utf-8',
        'X-Request-Id': requestId,
      })
      .end(body);
  });
  const wss = new WebSocketServer({ noServer: true });
  // The handshake's 101 carries the connection's ID, as the AsyncAPI
  // `x-handshake-response-headers` say (refusals carry theirs below).
  wss.on('headers', (headers) => {
    requests += 1;
    headers.push(`X-Request-Id: req_mock_${requests}`);
  });
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
      // A client that stops reading after the status line resets the socket: not an error here.
      socket.on('error', () => undefined);
      const { requestId, body } = envelope(unauthorizedError);
      socket.end(
        [
          'HTTP/1.1 401 Unauthorized',
          'Content-Type: application/json; charset=utf-8',
          `Content-Length: ${Buffer.byteLength(body)}`,
          `X-Request-Id: ${requestId}`,
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
    const opened = Date.now();
    const now = () => Date.now() - opened;
    const session = new Session({
      stepMs,
      idleTimeoutMs: options.idleTimeoutMs,
      requestId: () => `req_mock_${++requests}`,
    });
    let timer: NodeJS.Timeout | undefined;
    const emit = (events: SessionEvent[]) => {
      for (const event of events) {
        if (event.kind === 'message') {
          log.sent.push(event.message);
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event.message));
        } else if (event.by === 'server') {
          log.closes.push(event.code);
          ws.close(event.code, event.reason);
        }
      }
    };
    /** Wakes up when the model's next event is due. */
    const schedule = () => {
      clearTimeout(timer);
      const at = session.nextAt();
      if (at === undefined) return;
      timer = setTimeout(
        () => {
          emit(session.advance(now()));
          schedule();
        },
        Math.max(0, at - now()),
      );
      // The idle timeout is a minute away: it does not keep a test process alive.
      timer.unref();
    };
    schedule();

    ws.on('message', (raw, isBinary) => {
      const at = now();
      emit(session.advance(at));
      const result = session.receive(isBinary ? { binary: true } : { text: raw.toString() }, at);
      if (result.message) log.received.push(result.message);
      if (result.rejected) log.rejected.push(result.rejected);
      emit(result.events);
      schedule();
    });
    ws.on('close', () => {
      clearTimeout(timer);
      session.close(now());
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
