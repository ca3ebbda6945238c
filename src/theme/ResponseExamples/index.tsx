import type { ComponentProps, ReactNode } from 'react';
import {
  ExampleFromSchema as GeneratedExample,
  ResponseExample,
  ResponseExamples,
  json2xml,
} from '@theme-original/ResponseExamples';
import { mayGenerateExample } from '@site/src/components/referenceBodies';

export { ResponseExample, ResponseExamples, json2xml };

/**
 * Wrapped, not ejected: the theme's request and response bodies call this for the example it
 * generates from a schema, beside the spec's own examples. None where bodyAsShown (the
 * RequestSchema and ResponseSchema wrappers) says there is nothing to generate.
 */
export function ExampleFromSchema(props: ComponentProps<typeof GeneratedExample>): ReactNode {
  return mayGenerateExample(props.schema) ? GeneratedExample(props) : null;
}
