import { proseText } from '@site/src/data/prose';

type Json = Record<string, unknown>;

/**
 * A description as a form field's placeholder: plain text (links, code and emphasis written as
 * their words) and its first sentence at most, since a placeholder shows one short line.
 */
export function placeholderOf(description: unknown): string | undefined {
  if (typeof description !== 'string' || description.trim() === '') return undefined;
  const [paragraph] = description.trim().split(/\n\s*\n|\n/);
  // Links and code spans by the specs' one prose tokenizer; emphasis and a list marker here.
  const plain = proseText(paragraph)
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/^[-*]\s+/, '')
    .trim();
  const end = /[。！？]/.exec(plain);
  return end ? plain.slice(0, end.index + 1) : plain;
}

const withPlaceholder = <T extends Json>(item: T): T =>
  item.description === undefined ? item : { ...item, description: placeholderOf(item.description) };

/**
 * The operation as the theme's form reads it for placeholders (a parameter's or a form field's
 * description): each description as `placeholderOf` writes it. The page's own sections keep theirs.
 */
export function withPlaceholders<T extends Json>(item: T): T {
  const parameters = (item.parameters as Json[] | undefined)?.map(withPlaceholder);
  const requestBody = item.requestBody as { content?: Record<string, Json> } | undefined;
  const content =
    requestBody?.content &&
    Object.fromEntries(
      Object.entries(requestBody.content).map(([type, media]) => {
        const schema = media.schema as Json | undefined;
        if (!type.startsWith('multipart/') || !schema?.properties) return [type, media];
        const properties = Object.fromEntries(
          Object.entries(schema.properties as Record<string, Json>).map(([name, p]) => [
            name,
            withPlaceholder(p),
          ]),
        );
        return [type, { ...media, schema: { ...schema, properties } }];
      }),
    );
  return {
    ...item,
    ...(parameters ? { parameters } : {}),
    ...(content ? { requestBody: { ...requestBody, content } } : {}),
  };
}
