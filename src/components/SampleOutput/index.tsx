import React, { type ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';

import {
  outputCaseLabels,
  outputStreamLabels,
  sampleOutputs,
  type OutputCase,
  type OutputStream,
  type SampleOutputName,
  type StreamLines,
} from '@site/src/data/sampleOutputs';

/**
 * What a guide's example prints (src/data/sampleOutputs.ts), one block per case and stream, titled
 * e.g. `成功时：标准输出`. tests/samples/guide-output.spec.ts reads these blocks from the built
 * page by their data attributes and compares them with what the examples print against the mock.
 */
export default function SampleOutput({
  of,
  only,
}: {
  of: SampleOutputName;
  /** One case alone; both by default. */
  only?: OutputCase;
}): ReactNode {
  const cases = Object.entries(sampleOutputs[of].cases) as [OutputCase, StreamLines][];
  return (
    <div data-sample-output={of}>
      {cases
        .filter(([name]) => !only || name === only)
        .flatMap(([name, streams]) =>
          (Object.entries(streams) as [OutputStream, readonly string[]][]).map(
            ([stream, lines]) => (
              <div key={`${name}-${stream}`} data-case={name} data-stream={stream}>
                <CodeBlock
                  language="text"
                  title={`${outputCaseLabels[name]}：${outputStreamLabels[stream]}`}
                >
                  {lines.join('\n')}
                </CodeBlock>
              </div>
            ),
          ),
        )}
    </div>
  );
}
