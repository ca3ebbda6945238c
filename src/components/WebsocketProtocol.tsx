import React, { type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
import Prose from '@site/src/components/Prose';
import CodeBlock from '@theme/CodeBlock';
import Details from '@theme/Details';
import Heading from '@theme/Heading';
import MethodEndpoint from '@theme/ApiExplorer/MethodEndpoint';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import type {
  ProtocolMessage,
  WebsocketProtocol as Protocol,
} from '@site/src/data/websocketProtocol';
// Written by `npm run gen-api` from api-specs/speech-websocket.yaml (AsyncAPI).
import generated from '@site/.generated/websocket-protocol.json';

// The compact tab row of the HTTP pages' code samples.
import sampleStyles from './PrebuiltCodeSamples.module.css';
import styles from './WebsocketProtocol.module.css';

export const protocol = generated as Protocol;

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
 * the page's Markdown form (plugins/llms-txt) write the list as a field table.
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
                  {field.required && (
                    <>
                      {' '}
                      <span className="openapi-schema__divider" />
                      <span className="openapi-schema__required">必填</span>
                    </>
                  )}
                </span>
                {field.description && (
                  <p data-part="description">
                    <Prose text={field.description} />
                  </p>
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

/** Every message of the AsyncAPI document in one direction: what it does and its fields. */
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
