import React, { type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
import Prose from '@site/src/components/Prose';
import { maxSegmentLength, segmentText, type TextMarkup } from '@site/src/protocol/segment';

/**
 * Where the server cuts a context's text into segments (D2), shown on example inputs. The
 * segments are computed by the protocol model's `segmentText` when the page is built, the same
 * function the mock and the simulator run, so the table cannot disagree with the API's model.
 * Only the inputs and the notes are written here.
 */

interface Example {
  /** Stable id: the row's `data-example`. */
  readonly id: string;
  /** The buffer: everything the context has received and not yet put in a segment. */
  readonly text: string;
  readonly markup: TextMarkup;
  /** Whether the text came with the last `generate` (or a `flush` followed it). */
  readonly final: boolean;
  /** Why the cut falls where it does, for the reader; `backticks` render as code. */
  readonly note: string;
}

/** A reply with no punctuation at all, longer than one segment. */
const unpunctuated = '我们为您准备了按月按季度和按年三种套餐每一种都可以随时升级或降级'.repeat(8);
const longText = [...unpunctuated].slice(0, maxSegmentLength + 30).join('');

export const segmentationExamples: readonly Example[] = [
  {
    id: 'decimal',
    text: '圆周率约等于 3.14，对吧？',
    markup: 'none',
    final: false,
    note: '`3.14` 的 `.` 后面不是空白，不分段；`，` 和 `？` 都是分段处。',
  },
  {
    id: 'time',
    text: '会议改到 14:30。',
    markup: 'none',
    final: false,
    note: '`14:30` 的 `:` 后面不是空白，不分段。',
  },
  {
    id: 'abbreviation',
    text: 'Dr. Smith 来了。',
    markup: 'none',
    final: false,
    note: '没有缩写表：`Dr.` 后面是空格，在这里分段。',
  },
  {
    id: 'brackets',
    text: '详见文档[1]和 [FAQ](https://example.com/faq)。',
    markup: 'none',
    final: false,
    note: '`text_markup` 为默认的 `none`：方括号是普通文本，照常朗读。',
  },
  {
    id: 'unpunctuated',
    text: longText,
    markup: 'none',
    final: false,
    note: `没有分段处，也没有空白：攒到 ${maxSegmentLength} 个字符时切开，其余的留在缓冲区。`,
  },
  {
    id: 'mid-clause',
    text: '我先帮您查一下账户',
    markup: 'none',
    final: false,
    note: '还在句中：没有分段处，文本留在缓冲区，等后面的文本、`flush` 或最后一条 `generate`。',
  },
  {
    id: 'mid-clause-final',
    text: '我先帮您查一下账户',
    markup: 'none',
    final: true,
    note: '同样的文本随最后一条 `generate` 到达（随后收到 `flush` 也一样）：缓冲区里剩下的文本成为一段。',
  },
  {
    id: 'markup',
    text: '请曾[zeng1]先生到 3 号窗口。[pause:500ms]谢谢！',
    markup: 'pronunciation',
    final: false,
    note: '标记不会被切开：`[pause:500ms]` 和后面的文本在同一段。',
  },
];

/** The message the text came with, as a client would send it. */
const messageOf = (example: Example): string =>
  [
    example.final ? '最后一条 `generate`（`continue: false`）' : '`generate`，`continue: true`',
    example.markup === 'none' ? '' : `，上下文的 \`text_markup\` 为 \`${example.markup}\``,
  ].join('');

/** A long text shown by its ends and its length, so the table stays readable. */
function Shown({ text }: { text: string }): ReactNode {
  const chars = [...text];
  if (chars.length <= 40) return <code>{JSON.stringify(text)}</code>;
  return (
    <>
      {/* Not “…”: it is itself a segment boundary, so it would misread as part of the text. */}
      {chars.length} 个字符：以 <code>{JSON.stringify(chars.slice(0, 8).join(''))}</code> 开头，以{' '}
      <code>{JSON.stringify(chars.slice(-6).join(''))}</code> 结尾
    </>
  );
}

/**
 * The inputs and the segments the protocol model cuts them into, placed under the rule (the
 * `generate` message's description on /api/speech/websocket).
 */
export default function SegmentationExamples(): ReactNode {
  return (
    <>
      <p>按上面的分段规则，几段常见的文本这样分段（表中的分段在构建本页时按同一套规则算出）：</p>
      <TableRegion label="分段示例">
        <table data-table="segmentation">
          <thead>
            <tr>
              <th>缓冲区里的文本</th>
              <th>随哪条消息</th>
              <th>分出的段</th>
              <th>留在缓冲区</th>
              <th>为什么</th>
            </tr>
          </thead>
          <tbody>
            {segmentationExamples.map((example) => {
              const { segments, rest } = segmentText(example.text, example);
              return (
                <tr key={example.id} data-example={example.id}>
                  <td>
                    <Shown text={example.text} />
                  </td>
                  <td>
                    <Prose text={messageOf(example)} />
                  </td>
                  <td>
                    {segments.length === 0 ? (
                      '（没有）'
                    ) : (
                      <ol data-part="segments">
                        {segments.map((segment, i) => (
                          <li key={i}>
                            <Shown text={segment} />
                          </li>
                        ))}
                      </ol>
                    )}
                  </td>
                  <td data-part="rest">{rest === '' ? '（空）' : <Shown text={rest} />}</td>
                  <td>
                    <Prose text={example.note} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
    </>
  );
}
