import React, { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import type ApiExplorerType from '@theme-original/ApiExplorer';
import PrebuiltCodeSamples, { usePrebuiltSamples } from '@site/src/components/PrebuiltCodeSamples';

// Wrapped, not ejected: the theme's explorer (request form, postman code generators, faker)
// is over a megabyte of JS. Pages show the samples rendered at build time and load the
// original only when the reader asks to edit the request.
// Its code tabs highlight with the site's extra grammars (curl, C#, PHP, Java), registered first.
// The chunk's name picks out its libraries for their own chunk and minifier (plugins/esbuild).
const LiveApiExplorer = lazy(() =>
  import('@site/src/theme/CodeBlock/Content/prismLanguages').then(
    () => import(/* webpackChunkName: "api-explorer" */ '@theme-original/ApiExplorer'),
  ),
);

type Props = ComponentProps<typeof ApiExplorerType>;

export default function ApiExplorerWrapper(props: Props): ReactNode {
  const samples = usePrebuiltSamples();
  const [live, setLive] = useState(false);
  if (!samples) return <LiveApiExplorer {...props} />;
  if (!live) return <PrebuiltCodeSamples samples={samples} onEdit={() => setLive(true)} />;
  return (
    <Suspense fallback={<PrebuiltCodeSamples samples={samples} />}>
      <LiveApiExplorer {...props} />
    </Suspense>
  );
}
