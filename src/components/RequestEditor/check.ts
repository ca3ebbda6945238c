import { useMemo } from 'react';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { sampleUploadFile } from '@site/src/codegen/sampleOperation';
import {
  checkRequest,
  type CheckRequest,
  type RequestError,
} from '@site/src/protocol/requestCheck';
import { useJsonBody } from './jsonBody';
import { useOperation } from './operation';

type Json = Record<string, unknown>;

interface ParamState {
  readonly name: string;
  readonly value?: unknown;
}

/** A form value as text: the theme holds a number for `limit`, a list for a multi-select. */
const asText = (value: unknown): string | undefined =>
  value === undefined || value === null || value === ''
    ? undefined
    : Array.isArray(value)
      ? value.map(String).join(',')
      : String(value);

const byName = (params: readonly ParamState[]) =>
  Object.fromEntries(params.map((p) => [p.name, asText(p.value)]));

/**
 * The API's answer to the request as the reader edited it (src/protocol/requestCheck.ts, the
 * check the HTTP mock answers with), or null when its fields pass. Read from the editor's state,
 * as the code is written from it: a form's empty fields are not sent, its file part is (the
 * sample's file when none is chosen), a body that is not JSON is left to the JSON check.
 */
export function useRequestCheck(): RequestError | null {
  const operation = useOperation();
  const json = useJsonBody();
  const params = useTypedSelector((state) => state.params) as unknown as Record<
    'path' | 'query' | 'header',
    ParamState[]
  >;
  const body = useTypedSelector((state) => state.body) as unknown as {
    type?: string;
    content?: Record<string, { type?: string; value?: unknown }>;
  };
  const contentType = useTypedSelector((state) => state.contentType.value);
  return useMemo(() => {
    if (!operation) return null;
    let sent: CheckRequest['body'];
    if (json?.ok) sent = { kind: 'json', value: json.value };
    else if (contentType === 'multipart/form-data') {
      const schema = operation.requestBody?.content?.[contentType]?.schema;
      const properties = (schema?.properties ?? {}) as Record<string, Json>;
      const form = body?.type === 'form' ? (body.content ?? {}) : {};
      const parts = Object.entries(form)
        .filter(([, part]) => part.type !== 'file' && asText(part.value) !== undefined)
        .map(([name, part]) => ({ name, value: String(part.value) }));
      // The code always uploads a file for each file field: the chosen one or the sample's.
      for (const [name, property] of Object.entries(properties)) {
        if (property.contentMediaType !== undefined || property.format === 'binary') {
          parts.push({ name, value: sampleUploadFile });
        }
      }
      sent = { kind: 'form', parts };
    }
    return checkRequest(operation, {
      path: byName(params.path ?? []),
      query: byName(params.query ?? []),
      headers: byName(params.header ?? []),
      body: sent,
    });
  }, [operation, json, params, body, contentType]);
}
