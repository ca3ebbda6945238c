import React, { type ComponentProps, type ReactNode } from 'react';
import SkeletonLoader from '@theme-original/SkeletonLoader';
import { usePrebuiltSamples } from '@site/src/components/PrebuiltCodeSamples';
import PrebuiltCodeSamples from '@site/src/components/PrebuiltCodeSamples';

type Props = ComponentProps<typeof SkeletonLoader>;

/**
 * Wrapped, not ejected: the API page renders its explorer only in the browser and puts this
 * loader ('lg') in the server-rendered HTML instead. There, show the build-time code samples,
 * so they are in the HTML, readable without JavaScript, and the same markup the explorer
 * wrapper renders once the page hydrates.
 */
function PrebuiltOrSkeleton(props: Props): ReactNode {
  const samples = usePrebuiltSamples();
  return samples ? <PrebuiltCodeSamples samples={samples} /> : <SkeletonLoader {...props} />;
}

export default function SkeletonLoaderWrapper(props: Props): ReactNode {
  return props.size === 'lg' ? <PrebuiltOrSkeleton {...props} /> : <SkeletonLoader {...props} />;
}
