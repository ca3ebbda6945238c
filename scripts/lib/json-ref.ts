/**
 * Follows a local `$ref` (`#/components/...`) inside a bundled OpenAPI document; the bundles
 * hold no other kind. Shared by the spec bundler, the Markdown twins and the tests.
 */
export function deref<T>(document: unknown, value: unknown): T {
  let current: unknown = value;
  for (let hops = 0; hops < 32; hops += 1) {
    const ref = (current as { $ref?: unknown } | undefined)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return current as T;
    current = ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        document,
      );
  }
  throw new Error(`reference loop at ${JSON.stringify(value)}`);
}
