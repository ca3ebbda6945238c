import React, { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import type ApiExplorerType from '@theme-original/ApiExplorer';
import SkeletonLoader from '@theme-original/SkeletonLoader';
import PrebuiltCodeSamples, { usePrebuiltSamples } from './PrebuiltCodeSamples';

// The theme's explorer (request form, postman code generators, faker) is over a megabyte of JS:
// pages show the samples rendered at build time and load it only when the reader asks to edit
// the request. Its code tabs highlight with the site's extra grammars (curl, C#, PHP, Java),
// registered first.
const LiveApiExplorer = lazy(() =>
  import('@site/src/theme/CodeBlock/Content/prismLanguages').then(
    () => import(/* webpackChunkName: "api-explorer" */ './RequestEditor'),
  ),
);

type ExplorerProps = ComponentProps<typeof ApiExplorerType>;
type SkeletonProps = ComponentProps<typeof SkeletonLoader>;

/** The operation's code samples; with `explorer`, they can turn into the live request editor. */
function SamplesPanel({ explorer }: { explorer?: ExplorerProps }): ReactNode {
  const samples = usePrebuiltSamples();
  const [live, setLive] = useState(false);
  if (!samples) return explorer ? <LiveApiExplorer {...explorer} /> : <SkeletonLoader size="lg" />;
  if (!explorer) return <PrebuiltCodeSamples samples={samples} />;
  if (!live) return <PrebuiltCodeSamples samples={samples} onEdit={() => setLive(true)} />;
  return (
    <Suspense fallback={<PrebuiltCodeSamples samples={samples} />}>
      <LiveApiExplorer {...explorer} />
    </Suspense>
  );
}

/**
 * The right-hand panel of an API page, and the default export of both `@theme/ApiExplorer` and
 * `@theme/SkeletonLoader`. The theme's `ApiItem` renders the explorer only in the browser
 * (`BrowserOnly`), with a large skeleton in its place in the server's HTML and while hydrating.
 * Both show the build-time samples here, and because both are this one component, React updates
 * the panel in place when the page switches from one to the other after hydration: the samples
 * stay the ones the server rendered. Were they two components, React would remove the server's
 * samples and build them again in one long task (some 40 ms at full speed).
 */
export default function ApiPanel(props: ExplorerProps | SkeletonProps): ReactNode {
  if ('item' in props) return <SamplesPanel explorer={props} />;
  if (props.size === 'lg') return <SamplesPanel />;
  return <SkeletonLoader {...props} />;
}
