import React, { type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
import Prose from '@site/src/components/Prose';
import CodeBlock from '@theme/CodeBlock';
import Details from '@theme/Details';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import MethodEndpoint from '@theme/ApiExplorer/MethodEndpoint';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import {
  reconnectKinds,
  reconnectLabel,
  type ProtocolMessage,
  type Reconnect,
  type WebsocketProtocol as Protocol,
} from '@site/src/data/websocketProtocol';
// Written by `npm run gen-api` from api-specs/speech-websocket.yaml (AsyncAPI).
import generated from '@site/.generated/websocket-protocol.json';

// The compact tab row of the HTTP pages' code samples.
import sampleStyles from './PrebuiltCodeSamples.module.css';
import styles from './WebsocketProtocol.module.css';

export const protocol = generated as Protocol;

/**
 * The document's prose, one `<p>` per paragraph (the model keeps a blank line between paragraphs
 * as `\n\n`); consecutive paragraphs that start with `- ` are the items of one list. A line
 * break between the blocks keeps them apart in the page's text.
 */
function Paragraphs({
  text,
  ...attributes
}: {
  text: string;
  [data: `data-${string}`]: string;
}): ReactNode {
  const blocks: (string | string[])[] = [];
  for (const paragraph of text.split(/\n\s*\n/).map((p) => p.trim())) {
    const item = /^- (.*)$/s.exec(paragraph)?.[1];
    const last = blocks.at(-1);
    if (item === undefined) blocks.push(paragraph);
    else if (Array.isArray(last)) last.push(item);
    else blocks.push([item]);
  }
  return blocks.map((block, i) => (
    <React.Fragment key={i}>
      {i > 0 && '\n'}
      {Array.isArray(block) ? (
        <ul {...attributes}>
          {block.map((item, j) => (
            <li key={j}>
              <Prose text={item} />
            </li>
          ))}
        </ul>
      ) : (
        <p {...attributes}>
          <Prose text={block} />
        </p>
      )}
    </React.Fragment>
  ));
}

const directionLabel = {
  client: '客户端 → 服务端',
  server: '服务端 → 客户端',
} as const;

/** The channel as the HTTP reference pages show an operation: method badge and path. */
export function WebsocketEndpoint(): ReactNode {
  return <MethodEndpoint method={protocol.method} path={new URL(protocol.url).pathname} />;
}

/**
 * A message's fields as the HTTP reference pages list a request body's (the OpenAPI theme's
 * classes: name, type, 必填, then the description and constraints). The data attributes let
 * the page's Markdown form (plugins/features/llms-txt) write the list as a field table.
 */
function MessageFields({ message }: { message: ProtocolMessage }): ReactNode {
  return (
    <Details
      className="openapi-markdown__details mime"
      data-collapsed={false}
      open
      summary={
        <summary>
          <strong className="openapi-markdown__details-summary-header-body">消息字段</strong>
        </summary>
      }
    >
      <ul className={styles.fields} data-fields={message.name}>
        {message.fields.map((field) => (
          <li
            key={field.name}
            className="openapi-list-item"
            data-field={field.name}
            data-type={field.type}
            data-required={field.required}
            data-required-when={field.requiredWhen}
          >
            <div className="openapi-schema__list-item">
              <div>
                <span className="openapi-schema__container">
                  {/* Spaces for the text and Markdown forms; the flex layout ignores them. */}
                  <strong className="openapi-schema__property">
                    {/* A long dotted name may break after a dot on a phone. */}
                    {field.name.split('.').map((part, i) => (
                      <React.Fragment key={i}>
                        {i > 0 && (
                          <>
                            .<wbr />
                          </>
                        )}
                        {part}
                      </React.Fragment>
                    ))}
                  </strong>{' '}
                  <span className="openapi-schema__name">{field.type}</span>
                  {(field.required || field.requiredWhen) && (
                    <>
                      {' '}
                      <span className="openapi-schema__divider" />
                      <span className="openapi-schema__required">
                        {field.required ? '必填' : field.requiredWhen}
                      </span>
                    </>
                  )}
                </span>
                {field.description && (
                  <Paragraphs text={field.description} data-part="description" />
                )}
                {field.constraints.map((c) => (
                  <p key={c.label} data-part="constraint">
                    <strong>{c.label}：</strong>
                    <Prose text={c.text} />
                  </p>
                ))}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Details>
  );
}

/**
 * Every message of the AsyncAPI document in one direction: what it does and its fields. `after`
 * places the page's own content (examples of a rule the description states) after a message's
 * description, by message name.
 */
export function WebsocketMessages({
  direction,
  after = {},
}: {
  direction: 'client' | 'server';
  after?: Readonly<Record<string, ReactNode>>;
}): ReactNode {
  return protocol.messages
    .filter((m) => m.direction === direction)
    .map((message) => (
      <section key={message.name} data-message={message.name}>
        <Heading as="h3" id={`message-${message.name}`}>
          <code>{message.name}</code>（{directionLabel[message.direction]}）
        </Heading>
        <Paragraphs text={message.description || message.summary} />
        {after[message.name]}
        <MessageFields message={message} />
      </section>
    ));
}

/**
 * The right-hand panel of the page, where the HTTP reference pages have their code samples:
 * the documents' examples of every message, one tab per message, client messages first.
 */
export function WebsocketExamples(): ReactNode {
  const messages = [...protocol.messages].sort(
    (a, b) => Number(a.direction === 'server') - Number(b.direction === 'server'),
  );
  return (
    <section className={styles.examples} aria-labelledby="message-examples">
      <Heading as="h2" id="message-examples" className="openapi-tabs__heading">
        示例消息
      </Heading>
      <Tabs className={sampleStyles.tabs}>
        {messages.map((message) => (
          <TabItem key={message.name} value={message.name} label={message.name}>
            <p className={styles.direction}>{directionLabel[message.direction]}</p>
            {message.examples.map((example) => (
              <CodeBlock key={example.name} language="json" title={example.name}>
                {JSON.stringify(example.payload, null, 2)}
              </CodeBlock>
            ))}
          </TabItem>
        ))}
      </Tabs>
    </section>
  );
}

/**
 * The close codes of the connection, from the AsyncAPI document's `x-close-codes`: every code the
 * server can send (D27). `summary` shows only the code, its reason and whether to reconnect, for
 * a page that links the full table (the meaning and the action stay stated once, there).
 */
export function CloseCodes({ summary = false }: { summary?: boolean }): ReactNode {
  return (
    <TableRegion label={summary ? '服务端的关闭码' : '关闭码一览'}>
      <table data-table={summary ? 'close-codes-summary' : 'close-codes'}>
        <thead>
          <tr>
            <th>关闭码</th>
            <th>原因</th>
            {!summary && <th>含义</th>}
            <th>重连</th>
            {!summary && <th>怎么做</th>}
          </tr>
        </thead>
        <tbody>
          {protocol.closeCodes.map((c) => (
            <tr key={c.code} data-close-code={c.code}>
              <td>
                <code>{c.code}</code>
              </td>
              <td>
                <code>{c.reason}</code>
              </td>
              {!summary && (
                <td>
                  <Prose text={c.description} />
                </td>
              )}
              <td data-reconnect={c.reconnect}>
                {reconnectLabel[c.reconnect]}
                {c.minWaitSeconds !== undefined && (
                  <span data-min-wait={c.minWaitSeconds}>
                    ；第一次重连前至少等 {c.minWaitSeconds} 秒，按{' '}
                    <code>Retry-After: {c.minWaitSeconds}</code> 处理
                  </span>
                )}
              </td>
              {!summary && (
                <td>
                  <Prose text={c.action} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/**
 * The HTTP statuses that refuse the handshake, from the AsyncAPI document's
 * `x-handshake-refusals`; each code links to its row of the error catalogue.
 */
export function HandshakeRefusals(): ReactNode {
  return (
    <TableRegion label="握手被拒绝时的状态码">
      <table data-table="handshake-refusals">
        <thead>
          <tr>
            <th>HTTP 状态码</th>
            <th>错误码</th>
            <th>含义</th>
            <th>重连</th>
            <th>怎么做</th>
          </tr>
        </thead>
        <tbody>
          {protocol.handshakeRefusals.map((r) => (
            <tr key={r.status} data-status={r.status}>
              <td>{r.status}</td>
              <td>
                <Link to={`/api/errors#error-${r.code}`}>
                  <code>{r.code}</code>
                </Link>
              </td>
              <td>
                <Prose text={r.description} />
              </td>
              <td data-reconnect={r.reconnect}>{reconnectLabel[r.reconnect]}</td>
              <td>
                <Prose text={r.action} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** The close codes of one reconnect kind, as `reason`（code） items. */
export function CloseCodeList({ reconnect }: { reconnect: Reconnect }): ReactNode {
  return protocol.closeCodes
    .filter((c) => c.reconnect === reconnect)
    .map((c, i) => (
      <span key={c.code} data-close-code={c.code}>
        {i > 0 && '、'}
        <code>{c.reason}</code>（<code>{c.code}</code>）
      </span>
    ));
}

/**
 * When to reconnect, one item per kind, from the close codes' `reconnect`: the codes of the kind
 * and what it means. The per-code actions are in the close-code table.
 */
export function ReconnectRules(): ReactNode {
  const meaning: Record<Reconnect, string> = {
    backoff:
      '自动重连，两次尝试之间按重试策略等待。连接断开时没有收到关闭帧（库报告 `1006` 或“连接已关闭”），或者收到表中没有的关闭码（例如中间的代理发出的），也属于这一类。',
    'when-needed':
      '连接本身没有问题，不退避、不算失败：下一次要用连接时再连，不要为了让连接开着而重连。关闭时还有[要重发的文本](/api/websocket#contexts-after-reconnect)，就是现在要用：在新连接上按第 3 步起的做法重发它（服务端的 `1000` 先按[重试策略](/api/errors#retries)随机等待片刻）。',
    never: '原因不解决，新连接还会以同样的关闭码结束。先按关闭码表中“怎么做”一列解决原因。',
  };
  return (
    <ul data-list="reconnect-rules">
      {reconnectKinds.map((kind) => (
        <li key={kind} data-reconnect={kind}>
          <strong>{reconnectLabel[kind]}</strong>（<CloseCodeList reconnect={kind} />
          ）：
          <Prose text={meaning[kind]} />
        </li>
      ))}
    </ul>
  );
}

/** The handshake: URL, method and headers. */
export function Handshake(): ReactNode {
  return (
    <TableRegion label="握手请求">
      <table>
        <tbody>
          <tr>
            <th>URL</th>
            <td>
              <code>{protocol.url}</code>
            </td>
          </tr>
          <tr>
            <th>方法</th>
            <td>
              <code>{protocol.method}</code>（升级为 WebSocket）
            </td>
          </tr>
          {protocol.headers.map((h) => (
            <tr key={h.name}>
              <th>
                请求头 <code>{h.name}</code>
                {h.required ? '（必填）' : ''}
              </th>
              <td>
                <Prose text={h.description} />
              </td>
            </tr>
          ))}
          {protocol.responseHeaders.map((h) => (
            <tr key={h.name} data-response-header={h.name}>
              <th>
                响应头 <code>{h.name}</code>
              </th>
              <td>
                <Prose text={h.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** Keep-alive rule, from the AsyncAPI document's `x-keepalive`. */
export function Keepalive(): ReactNode {
  return (
    <div data-rule="keepalive">
      <Paragraphs text={protocol.keepalive} />
    </div>
  );
}

/** How a client notices a connection that dropped without a close frame, from `x-keepalive`. */
export function DeadConnection(): ReactNode {
  return (
    <div data-rule="dead-connection">
      <Paragraphs text={protocol.deadConnection} />
    </div>
  );
}

/**
 * The idle-timeout rule, from the AsyncAPI document's `x-keepalive.idle`, and how a context that
 * waits for text holds its connection (`x-keepalive.hold`).
 */
export function IdleTimeout(): ReactNode {
  return (
    <>
      <div data-rule="idle-timeout">
        <Paragraphs text={protocol.idle} />
      </div>
      <div data-rule="idle-hold">
        <Paragraphs text={protocol.idleHold} />
      </div>
    </>
  );
}

/**
 * How fast audio comes, what a slow reader gets and the limits a connection does not have, from
 * the AsyncAPI document's `x-flow-control`.
 */
export function FlowControl(): ReactNode {
  const f = protocol.flowControl;
  const parts = [
    ['pacing', '发送节奏', f.pacing],
    ['backpressure', '客户端读得慢时', f.backpressure],
    ['limits', '消息速率与上下文时长', f.limits],
  ] as const;
  return (
    <ul data-list="flow-control">
      {parts.map(([key, label, text]) => {
        const [first, ...more] = text.split(/\n\s*\n/);
        return (
          <li key={key} data-rule={key}>
            <strong>{label}</strong>：<Prose text={first.trim()} />
            {more.length > 0 && (
              <>
                {'\n'}
                <Paragraphs text={more.join('\n\n')} />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
