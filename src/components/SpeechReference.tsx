import React, { type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
import Prose from '@site/src/components/Prose';
import type { ProtocolField } from '@site/src/data/websocketProtocol';
// Written by `npm run gen-api` from the SpeechRequest schema of api-specs/speech.yaml.
import generated from '@site/.generated/speech-request-fields.json';

const fields = generated as ProtocolField[];

/** The body fields of `POST /v1/speech`, straight from the spec. */
export function SpeechRequestFields(): ReactNode {
  return (
    <TableRegion label="HTTP 请求体字段">
      <table data-table="speech-request">
        <thead>
          <tr>
            <th>字段</th>
            <th>类型</th>
            <th>必填</th>
            <th>取值与默认</th>
            <th>说明</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.name} data-field={f.name}>
              <td>
                <code>{f.name}</code>
              </td>
              <td>
                <code>{f.type}</code>
              </td>
              <td>{f.required ? '是' : '否'}</td>
              <td>
                <Prose text={f.constraints.map((c) => `${c.label}：${c.text}`).join('；')} />
              </td>
              <td>
                {/* The spec's paragraphs (`\n\n`) stay paragraphs: the rule first, then its detail. */}
                {f.description.split(/\n\s*\n/).map((paragraph) => (
                  <p key={paragraph}>
                    <Prose text={paragraph} />
                  </p>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
