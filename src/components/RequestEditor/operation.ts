import { createContext, useContext } from 'react';
import type { CheckOperation } from '@site/src/protocol/requestCheck';

type Json = Record<string, unknown>;

/** The parts of the theme's API item (the operation, its schemas dereferenced) read here. */
export interface ApiOperation extends CheckOperation {
  readonly path?: string;
  readonly requestBody?: { content?: Record<string, { schema?: Json }> };
}

/** The operation the request editor edits; set around the theme's explorer (RequestEditor). */
export const OperationContext = createContext<ApiOperation | null>(null);

export const useOperation = (): ApiOperation | null => useContext(OperationContext);

/** The id of the editor's check message, which a field the check names is described by. */
export const CheckMessageIdContext = createContext<string | undefined>(undefined);
