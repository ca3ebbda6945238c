import React, { type ReactNode } from 'react';
import { referenceAudioRequirements } from '@site/src/data/referenceAudio';
import Prose from './Prose';
import TableRegion from './TableRegion';

/**
 * The clone guide's table of what a reference recording must and should be, from the same
 * module the guide's reference-audio checker judges recordings by.
 */
export default function ReferenceAudioRequirements(): ReactNode {
  return (
    <TableRegion label="参考录音的要求与建议">
      <table data-table="reference-audio">
        <thead>
          <tr>
            <th>项目</th>
            <th>要求</th>
            <th>建议</th>
          </tr>
        </thead>
        <tbody>
          {referenceAudioRequirements.map((row) => (
            <tr key={row.label} data-checks={row.checks.join(' ')}>
              <td>{row.label}</td>
              <td>{row.requirement ? <Prose text={row.requirement} /> : '—'}</td>
              <td>
                <Prose text={row.recommendation} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
