import { useEffect } from 'react';
import { useTypedDispatch, useTypedSelector } from '@theme/ApiItem/hooks';
import { setAccept } from '@theme/ApiExplorer/Accept/slice';
import { audioContainers } from '@site/src/data/audioFormats';
import { useJsonBody } from './jsonBody';
import { useOperation } from './operation';

type Json = Record<string, unknown>;

const containerNames = new Set<string>(audioContainers.map((c) => c.container));

/**
 * The request-body field whose values are the audio containers (`output_format.container` of the
 * speech request), found in the schema rather than named here, with its default.
 */
export function containerField(
  schema: Json | undefined,
  path: string[] = [],
): { path: string[]; default?: unknown } | null {
  for (const [name, property] of Object.entries(
    (schema?.properties ?? {}) as Record<string, Json>,
  )) {
    const values = property.enum;
    if (
      Array.isArray(values) &&
      values.length === containerNames.size &&
      values.every((v) => containerNames.has(String(v)))
    ) {
      return { path: [...path, name], default: property.default };
    }
    const nested = containerField(property, [...path, name]);
    if (nested) return nested;
  }
  return null;
}

function valueAt(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Json)[key] : undefined),
    value,
  );
}

/**
 * For an operation whose response type is chosen by an audio container in the body, keeps the
 * editor's `Accept` on that container's media type (src/data/audioFormats) as the reader edits
 * the body (the theme would keep the first media type of the response whatever the body says).
 * Returns the field that decides it, or null for other operations.
 */
export function useAcceptFollowsContainer(): string[] | null {
  const operation = useOperation();
  const contentType = useTypedSelector((state) => state.contentType.value);
  const { value: accept, options } = useTypedSelector((state) => state.accept);
  const dispatch = useTypedDispatch();
  const body = useJsonBody();
  const field = containerField(operation?.requestBody?.content?.[contentType ?? '']?.schema);
  const chosen = field && body?.ok ? (valueAt(body.value, field.path) ?? field.default) : undefined;
  const mediaType = audioContainers.find((c) => c.container === chosen)?.mediaType;
  useEffect(() => {
    if (mediaType && mediaType !== accept && options.includes(mediaType)) {
      dispatch(setAccept(mediaType));
    }
  }, [mediaType, accept, options, dispatch]);
  return field?.path ?? null;
}
