// The OpenAPI theme's schema helpers for its ParamsItem, SchemaItem and Schema (see index.ts):
// its own `getSchemaName`, and the site's wording of the constraints.
import {
  schemaConstraints,
  type ConstrainedSchema,
} from '../../../src/components/schemaConstraints';

export { getSchemaName } from 'docusaurus-theme-openapi-docs/lib/markdown/schema';

/** One Markdown paragraph per constraint, labelled as the theme labels 默认值 and 示例. */
export function getQualifierMessage(schema?: ConstrainedSchema): string | undefined {
  if (!schema) return undefined;
  const lines = schemaConstraints(schema).map(({ label, text }) => `**${label}：** ${text}`);
  return lines.length ? lines.join('\n\n') : undefined;
}
