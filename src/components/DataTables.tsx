import React, { type ReactNode } from 'react';
import TableRegion from '@site/src/components/TableRegion';
import { models } from '@site/src/data/models';
import { audioContainers } from '@site/src/data/audioFormats';

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

/** The output containers of `src/data/audioFormats.ts`. */
export function AudioFormatTable(): ReactNode {
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
