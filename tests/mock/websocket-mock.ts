/**
 * A local mock of the speech websocket: a thin `ws` adapter over the protocol model of
 * src/protocol/session.ts, which enforces the AsyncAPI document (schemas, segments, flush,
 * cancel, billing in `done` and ending errors, single-use context ids, 1008 on frames that are
 * not JSON, the idle timeout). The model keeps no timers: this adapter hands it each frame with
 * the time it arrived and sends what it says is due, on real timers. It pings as the document's
 * `x-keepalive` says: every ping interval, closing with 4002 after two unanswered pings. A handshake without a Bearer key (or with
 * `revokedKey`) is refused with HTTP 401 and the `unauthorized` error envelope, and a request to
 * the websocket's path that is no upgrade with HTTP 400 and `invalid_request`, as the AsyncAPI
 * document's `x-handshake-refusals` say; every handshake response, the 101 too, carries an
 * `X-Request-Id` (`x-handshake-response-headers`). With `gatewayRefusals`, a gateway in front of it
 * refuses the first handshakes with a 502 or 504 that is not JSON (D54). Used to run the guides' websocket clients, the harness of tests/samples/, and
 * the simulator's tests (the simulator runs the same model in the browser).
 */
import { STATUS_CODES, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

import { errorByCode } from '../../src/data/errors';
import { limit } from '../../src/data/limits';
import { closeCodes } from '../../src/protocol/schemas';
import {
  Session,
  notUpgradeError,
  unauthorizedError,
  type SessionEvent,
  type SessionOptions,
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
  /** Handshakes the gateway refused (`gatewayRefusals`), by status, in order. */
  readonly gatewayRefused: number[];
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
  /** Interval of the server's pings (ms); the API's by default (D10). */
  readonly pingIntervalMs?: number;
  /** Segments the server fails with an error, `internal_error` by default (the model's `failSegment`). */
  readonly failSegment?: SessionOptions['failSegment'];
  /**
   * The key's request rate per minute, which every handshake counts toward (D12); beyond it a
   * handshake is refused with 429 `rate_limited` and `Retry-After`. Unlimited by default.
   */
  readonly requestsPerMinute?: number;
  /**
   * A gateway in front of the API refuses the first handshakes with these statuses (502, 504), in
   * order: a body that is not JSON and no `X-Request-Id`, as D54 and D91 say a gateway's may be.
   * The API never saw them, so they count toward no rate. None by default.
   */
  readonly gatewayRefusals?: readonly number[];
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
    gatewayRefused: [],
  };
  const gatewayRefusals = [...(options.gatewayRefusals ?? [])];
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
  /** When the handshakes of the last minute arrived. */
  const handshakes: number[] = [];
  /** A refused handshake: the API's error envelope, no websocket opened. */
  const refuse = (
    socket: Duplex,
    status: string,
    requestId: string,
    body: string,
    headers: string[] = [],
  ) =>
    socket.end(
      [
        `HTTP/1.1 ${status}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${requestId}`,
        ...headers,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://mock').pathname;
    if (path !== '/v1/speech/websocket') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    const gatewayStatus = gatewayRefusals.shift();
    if (gatewayStatus !== undefined) {
      // The gateway answers before the API: its own error page, no envelope, no request id.
      log.gatewayRefused.push(gatewayStatus);
      socket.on('error', () => undefined);
      const body = `<html><body><h1>${gatewayStatus} ${STATUS_CODES[gatewayStatus]}</h1></body></html>`;
      socket.end(
        [
          `HTTP/1.1 ${gatewayStatus} ${STATUS_CODES[gatewayStatus]}`,
          'Content-Type: text/html',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
          '',
          body,
        ].join('\r\n'),
      );
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
      refuse(socket, '401 Unauthorized', requestId, body);
      return;
    }
    // Every handshake counts one request toward the key's per-minute rate (D12).
    const at = Date.now();
    while (handshakes.length > 0 && handshakes[0] <= at - 60_000) handshakes.shift();
    if (options.requestsPerMinute !== undefined && handshakes.length >= options.requestsPerMinute) {
      socket.on('error', () => undefined);
      const e = errorByCode('rate_limited')!;
      const { requestId, body } = envelope({
        code: e.code,
        message: e.example.message,
        param: null,
      });
      const retryAfter = Math.ceil((handshakes[0] + 60_000 - at) / 1000);
      refuse(socket, '429 Too Many Requests', requestId, body, [`Retry-After: ${retryAfter}`]);
      return;
    }
    handshakes.push(at);
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws));
  });

  function serve(ws: WebSocket): void {
    const opened = Date.now();
    const now = () => Date.now() - opened;
    const session = new Session({
      stepMs,
      idleTimeoutMs: options.idleTimeoutMs,
      requestId: () => `req_mock_${++requests}`,
      failSegment: options.failSegment,
    });
    let timer: NodeJS.Timeout | undefined;
    // Keepalive: a ping every interval; the second one left unanswered closes with 4002.
    let unanswered = 0;
    ws.on('pong', () => (unanswered = 0));
    const pinger = setInterval(
      () => {
        if (ws.readyState !== ws.OPEN) return;
        if (unanswered >= 2) {
          log.closes.push(closeCodes.keepalive_timeout);
          ws.close(closeCodes.keepalive_timeout, 'keepalive_timeout');
          // Closing: the model's own timers (the idle timeout) close nothing more (D133).
          clearTimeout(timer);
          return;
        }
        unanswered += 1;
        ws.ping();
      },
      options.pingIntervalMs ?? limit('websocketPingInterval').value * 1000,
    );
    pinger.unref();
    const emit = (events: SessionEvent[]) => {
      for (const event of events) {
        if (event.kind === 'message') {
          log.sent.push(event.message);
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event.message));
        } else if (event.by === 'server' && ws.readyState === ws.OPEN) {
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
      clearInterval(pinger);
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
