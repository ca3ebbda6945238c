import { useTypedSelector } from '@theme/ApiItem/hooks';

/** Where `JSON.parse` stopped reading `text`, when the engine says so. */
export interface JsonProblem {
  readonly line?: number;
  readonly column?: number;
}

/** Why `text` is not JSON, or null when it is. */
export function jsonProblem(text: string): JsonProblem | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    // The engine's message may say where (V8: "… at position 42", "Unexpected end …").
    const message = String(error);
    const position = /end of JSON input/.test(message)
      ? text.length
      : Number(/\bposition (\d+)/.exec(message)?.[1] ?? NaN);
    if (Number.isNaN(position)) return {};
    const before = text.slice(0, position).split('\n');
    return { line: before.length, column: before[before.length - 1].length + 1 };
  }
}

export const isJsonMediaType = (type: string | undefined): boolean =>
  type !== undefined && /^application\/(?:[\w.-]+\+)?json\b/.test(type);

/**
 * The request editor's body, parsed, when the operation sends JSON: `ok: false` while the text
 * the reader typed is not JSON (no code is generated from it then).
 */
export function useJsonBody(): { ok: true; value: unknown } | { ok: false } | null {
  const contentType = useTypedSelector((state) => state.contentType.value);
  const body = useTypedSelector((state) => state.body);
  if (!isJsonMediaType(contentType) || body.type !== 'raw' || body.content?.type !== 'string') {
    return null;
  }
  try {
    return { ok: true, value: JSON.parse(body.content.value ?? '') as unknown };
  } catch {
    return { ok: false };
  }
}
