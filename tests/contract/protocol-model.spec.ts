/**
 * The protocol model (src/protocol/session.ts), which the test mock and the simulator run, keeps
 * the rules the AsyncAPI document states for errors and the idle timer: a JSON message that breaks
 * the schema (an unknown field too) gets `invalid_request` naming the field and the connection
 * stays open; an error names the message's `context_id` as sent, open or not, and null only when
 * there is no well-formed one; the context it names ends, its buffered text dropped; only accepted
 * messages restart the idle timer. No browser: the model is driven on its logical clock.
 */
import { test, expect } from '@playwright/test';

import { errorByCode } from '../../src/data/errors';
import { limit } from '../../src/data/limits';
import { presetVoices } from '../../src/data/voices';
import { Session, type SessionEvent } from '../../src/protocol/session';
import { closeCodes } from '../../src/protocol/schemas';

type Json = Record<string, unknown>;

const voice = presetVoices[0].voiceId;
const idleMs = limit('websocketIdleTimeout').value * 1000;

/** A session, and a client that sends JSON at a time and collects everything the server sends. */
function client() {
  const session = new Session({ stepMs: 10 });
  const events: SessionEvent[] = [];
  return {
    events,
    send(message: unknown, at: number) {
      events.push(...session.advance(at));
      events.push(...session.receive({ text: JSON.stringify(message) }, at).events);
    },
    /** Everything due by `at`. */
    run(at: number) {
      events.push(...session.advance(at));
    },
    messages: () =>
      events.filter((e) => e.kind === 'message').map((e) => (e as { message: Json }).message),
    errors: () =>
      events
        .filter((e) => e.kind === 'message' && e.message.type === 'error')
        .map((e) => (e as { message: Json }).message),
    closes: () => events.filter((e) => e.kind === 'close'),
  };
}

test('an unknown field gets invalid_request naming it; the connection stays open', () => {
  const c = client();
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '您好。', voice_id: voice, stream: true },
    0,
  );
  c.send({ type: 'generate', context_id: 'turn-2', text: '您好。', voice_id: voice }, 5);
  c.run(1000);
  const [error] = c.errors();
  expect(error).toMatchObject({
    context_id: 'turn-1',
    error: { code: 'invalid_request', param: 'stream' },
  });
  expect(c.closes()).toEqual([]);
  expect(c.messages().some((m) => m.type === 'done' && m.context_id === 'turn-2')).toBe(true);
});

test('errors name the context_id sent, open or not, and null only without a well-formed one', () => {
  const c = client();
  c.send({ type: 'flush', context_id: 'never-started' }, 0);
  c.send({ type: 'cancel', context_id: 'never-started' }, 1);
  c.send({ type: 'flush', context_id: 'not a valid id' }, 2);
  c.send({ type: 'flush' }, 3);
  c.send([1, 2], 4);
  expect(c.errors().map((e) => e.context_id)).toEqual([
    'never-started',
    'never-started',
    null,
    null,
    null,
  ]);
  expect(c.errors().map((e) => (e.error as Json).param)).toEqual([
    'context_id',
    'context_id',
    'context_id',
    'context_id',
    null,
  ]);
  for (const e of c.errors()) {
    expect(errorByCode(String((e.error as Json).code))?.onWebsocket).toBe(true);
  }
});

test('a rejected later generate ends its context: the buffered text is neither spoken nor billed', () => {
  const c = client();
  // Text with no natural pause stays in the buffer while `continue` is true.
  c.send(
    { type: 'generate', context_id: 'turn-1', text: '您好', voice_id: voice, continue: true },
    0,
  );
  c.send({ type: 'generate', context_id: 'turn-1', text: '这里是', continue: true, debug: 1 }, 5);
  c.run(1000);
  expect(c.errors()).toEqual([
    expect.objectContaining({
      context_id: 'turn-1',
      error: expect.objectContaining({ code: 'invalid_request', param: 'debug' }),
    }),
  ]);
  // No audio, no done for it: the context ended with the error.
  expect(c.messages().filter((m) => m.context_id === 'turn-1' && m.type !== 'error')).toEqual([]);
  // Its id is free again: it is not an open context any more.
  c.send({ type: 'flush', context_id: 'turn-1' }, 1001);
  expect(c.errors()[1]).toMatchObject({ context_id: 'turn-1', error: { param: 'context_id' } });
});

test('only accepted messages restart the idle timer', () => {
  const accepted = client();
  accepted.send({ type: 'generate', context_id: 'turn-1', text: '好。', voice_id: voice }, 0);
  accepted.send({ type: 'generate', context_id: 'turn-2', text: '好。', voice_id: voice }, 50_000);
  accepted.run(50_000 + idleMs + 1000);
  expect(accepted.closes()).toEqual([
    expect.objectContaining({ code: closeCodes.idle_timeout, at: 50_000 + idleMs }),
  ]);

  const rejected = client();
  rejected.send({ type: 'generate', context_id: 'turn-1', text: '好。', voice_id: voice }, 0);
  // A flush of a context that has ended gets an error: it does not keep the connection alive.
  rejected.send({ type: 'flush', context_id: 'turn-1' }, 50_000);
  rejected.run(50_000 + idleMs + 1000);
  expect(rejected.errors()).toHaveLength(1);
  expect(rejected.closes()).toEqual([
    expect.objectContaining({ code: closeCodes.idle_timeout, at: idleMs }),
  ]);
});
