import React, { type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
import Prose from '@site/src/components/Prose';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import type {
  ProtocolMessage,
  WebsocketProtocol as Protocol,
} from '@site/src/data/websocketProtocol';
// Written by `npm run gen-api` from api-specs/speech-websocket.yaml (AsyncAPI).
import generated from '@site/.generated/websocket-protocol.json';

export const protocol = generated as Protocol;

const directionLabel = {
  client: '客户端 → 服务端',
  server: '服务端 → 客户端',
} as const;

function MessageFields({ message }: { message: ProtocolMessage }): ReactNode {
  return (
    <TableRegion label={`${message.name} 消息的字段`}>
      <table>
        <thead>
          <tr>
            <th>字段</th>
            <th>类型</th>
            <th>必填</th>
            <th>说明</th>
          </tr>
        </thead>
        <tbody>
          {message.fields.map((field) => (
            <tr key={field.name}>
              <td>
                <code>{field.name}</code>
              </td>
              <td>
                <code>{field.type}</code>
              </td>
              <td>{field.required ? '是' : '否'}</td>
              <td>
                <Prose text={field.description} />
                {field.constraints.length > 0 && (
                  <>
                    {field.description && <br />}
                    <small>
                      <Prose text={field.constraints.join('；')} />
                    </small>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** Every message of the AsyncAPI document, client messages first: fields and examples. */
export function WebsocketMessages({ direction }: { direction: 'client' | 'server' }): ReactNode {
  return protocol.messages
    .filter((m) => m.direction === direction)
    .map((message) => (
      <section key={message.name} data-message={message.name}>
        <Heading as="h3" id={`message-${message.name}`}>
          <code>{message.name}</code>（{directionLabel[message.direction]}）
        </Heading>
        <p>
          <Prose text={message.description || message.summary} />
        </p>
        <MessageFields message={message} />
        {message.examples.map((example) => (
          <CodeBlock key={example.name} language="json" title={`示例：${example.name}`}>
            {JSON.stringify(example.payload, null, 2)}
          </CodeBlock>
        ))}
      </section>
    ));
}

/** The close codes of the connection, from the AsyncAPI document's `x-close-codes`. */
export function CloseCodes(): ReactNode {
  return (
    <TableRegion label="关闭码一览">
      <table>
        <thead>
          <tr>
            <th>关闭码</th>
            <th>原因</th>
            <th>含义</th>
            <th>可重连</th>
          </tr>
        </thead>
        <tbody>
          {protocol.closeCodes.map((c) => (
            <tr key={c.code}>
              <td>
                <code>{c.code}</code>
              </td>
              <td>
                <code>{c.reason}</code>
              </td>
              <td>
                <Prose text={c.description} />
              </td>
              <td>{c.retry ? '是' : '否'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
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
        </tbody>
      </table>
    </TableRegion>
  );
}

/** Keep-alive rule, from the AsyncAPI document's `x-keepalive`. */
export function Keepalive(): ReactNode {
  return (
    <p>
      <Prose text={protocol.keepalive} />
    </p>
  );
}
