import React, { type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
import { models } from '@site/src/data/models';
import Prose from '@site/src/components/Prose';
import {
  audioContainers,
  longAudioRule,
  outputFormatCombinations,
  outputFormatDefaults,
  outputFormatRule,
} from '@site/src/data/audioFormats';

/** The speech models of `src/data/models.ts`. */
export function ModelTable(): ReactNode {
  return (
    <TableRegion label="语音模型对比">
      <table data-table="models">
        <thead>
          <tr>
            <th>
              <code>model</code>
            </th>
            <th>名称</th>
            <th>特点</th>
            <th>典型首包延迟</th>
            <th>适合</th>
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.id} data-model={m.id}>
              <td>
                <code>{m.id}</code>
                {m.isDefault ? '（默认）' : ''}
              </td>
              <td className="cell-label">{m.name}</td>
              <td>{m.summary}</td>
              <td>{m.firstAudioMs} ms</td>
              <td>{m.bestFor}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** A value of the combination table, `（默认）` after the spec's default. */
function Value({ value, field }: { value: number | string; field: string }): ReactNode {
  const isDefault = (outputFormatDefaults as Record<string, unknown>)[field] === value;
  return (
    <>
      <code>{value}</code>
      {isDefault ? '（默认）' : ''}
    </>
  );
}

const joined = (items: ReactNode[]): ReactNode[] =>
  items.flatMap((item, i) => (i === 0 ? [item] : ['、', item]));

/**
 * The output formats of `src/data/audioFormats.ts`: the containers, the one table of their valid
 * `sample_rate` × `bit_rate` / `encoding` combinations, and how to make one long audio.
 */
export function AudioFormatTable(): ReactNode {
  return (
    <>
      <ContainerTable />
      <p data-rule="output-format-combinations">
        <Prose text={outputFormatRule} />
      </p>
      <TableRegion label="输出格式的有效组合">
        <table data-table="output-format-combinations">
          <thead>
            <tr>
              <th>
                <code>container</code>
              </th>
              <th>
                <code>bit_rate</code> 或 <code>encoding</code>
              </th>
              <th>
                <code>sample_rate</code>（Hz）
              </th>
              <th>说明</th>
            </tr>
          </thead>
          <tbody>
            {outputFormatCombinations.map((row) => (
              <tr
                key={`${row.containers.join()}-${row.values.join()}`}
                data-containers={row.containers.join(' ')}
              >
                <td>{joined(row.containers.map((c) => <code key={c}>{c}</code>))}</td>
                <td>
                  <code>{row.field}</code>：
                  {joined(
                    (row.values as readonly (number | string)[]).map((v) => (
                      <Value key={v} value={v} field={row.field} />
                    )),
                  )}
                </td>
                <td>
                  {joined(
                    row.sampleRates.map((r) => <Value key={r} value={r} field="sample_rate" />),
                  )}
                </td>
                <td>{row.note ? <Prose text={row.note} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <p data-rule="long-audio">
        <strong>拼接长音频</strong>：<Prose text={longAudioRule.rule} />
      </p>
      <ul>
        {longAudioRule.ways.map((way) => (
          <li key={way}>
            <Prose text={way} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ContainerTable(): ReactNode {
  return (
    <TableRegion label="音频封装格式">
      <table data-table="audio-formats">
        <thead>
          <tr>
            <th>
              <code>container</code>
            </th>
            <th>HTTP 响应的 Content-Type</th>
            <th>可设置</th>
            <th>适合</th>
          </tr>
        </thead>
        <tbody>
          {audioContainers.map((c) => (
            <tr key={c.container} data-container={c.container}>
              <td>
                <code>{c.container}</code>
              </td>
              <td>
                <code>{c.mediaType}</code>
              </td>
              <td>
                <code>{c.uses}</code>
              </td>
              <td>{c.bestFor}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
