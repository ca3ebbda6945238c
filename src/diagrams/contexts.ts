/**
 * The websocket contexts protocol as a sequence (/guides/contexts): one turn with `continue`,
 * `flush`, audio, timestamps and `done`, then a turn cut short by `cancel`. Every message name and
 * field it shows is looked up in the protocol model derived from the AsyncAPI document, with the
 * direction the document gives it: a renamed message or field fails the build here.
 */
import type { WebsocketProtocol } from '../data/websocketProtocol';
import { renderSequence, type SequenceRow } from './sequence';
import type { Line, RenderedDiagram } from './svg';

export function contextsDiagram(protocol: WebsocketProtocol, brandName: string): RenderedDiagram {
  const client = 'client';
  const server = 'server';

  /** A message of the protocol, sent the way the document says. */
  const message = (
    name: string,
    fields: readonly (readonly [string, string?])[],
    what: string,
    { dashed = false, after }: { dashed?: boolean; after?: string } = {},
  ): SequenceRow => {
    const m = protocol.messages.find((x) => x.name === name);
    if (!m) throw new Error(`contexts diagram: no message ${name} in the AsyncAPI document`);
    const detail: Line = [
      ...fields.flatMap(([field, value], i) => {
        if (!m.fields.some((f) => f.name === field)) {
          throw new Error(`contexts diagram: message ${name} has no field ${field}`);
        }
        return [
          ...(i ? [{ text: '，' }] : []),
          { text: value === undefined ? field : `${field}: ${value}`, code: true },
        ];
      }),
      ...(after ? [{ text: after }] : []),
    ];
    return {
      kind: 'message',
      from: m.direction === 'client' ? client : server,
      to: m.direction === 'client' ? server : client,
      label: [{ text: name, code: true }, { text: ` ${what}` }],
      ...(detail.length ? { detail } : {}),
      dashed,
    };
  };

  const rows: SequenceRow[] = [
    message(
      'generate',
      [
        ['context_id', '"turn-1"'],
        ['continue', 'true'],
      ],
      '第一段文本和合成参数',
    ),
    message('generate', [['continue', 'true']], '第二段文本'),
    message('flush', [], '不等停顿，立即合成已缓冲的文本'),
    message('audio', [['sequence', '0']], '音频块'),
    message('timestamps', [['words']], '已合成音频的词级时间戳', { after: '，请求了时间戳时才有' }),
    message('audio', [['sequence', '1']], '下一个音频块'),
    message('generate', [['continue', 'false']], '最后一段文本'),
    message('audio', [['sequence', '2']], '剩余的音频'),
    message('done', [['billed_characters']], '这段话结束，附计费字符数'),
    { kind: 'note', text: '下一轮回复，用户中途打断' },
    message(
      'generate',
      [
        ['context_id', '"turn-2"'],
        ['continue', 'true'],
      ],
      '新的上下文',
    ),
    message('audio', [['sequence', '0']], '开始返回音频'),
    message('cancel', [['context_id', '"turn-2"']], '用户开口，立即取消'),
    message('audio', [['sequence', '1']], '取消前已发出、尚未到达的音频块', { dashed: true }),
    message('done', [['billed_characters']], '随即发送，此后没有这一轮的音频'),
  ];
  return renderSequence(
    'contexts',
    '一条连接上两轮回复的消息顺序：续接、flush、音频、时间戳、结束与取消',
    [
      { id: client, lines: ['你的服务端', '（客户端）'] },
      { id: server, lines: [`${brandName} API`, '（服务端）'] },
    ],
    rows,
  );
}
